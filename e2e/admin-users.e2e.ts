import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const open = () => newPage(browser, server.origin);

/** The answer of add new user and add existing user (the same for any address). */
const invitationSent = 'We sent an invitation to this address.';

/** The users list's row of one email (the users table, not the pending invitations). */
const userRow = (page: Page, email: string) =>
  page
    .getByRole('table', { name: 'Portal users of the accounts you administer' })
    .locator('tbody tr')
    .filter({ hasText: email });
const pendingRow = (page: Page, email: string) =>
  page.getByRole('region', { name: 'Pending invitations' }).locator('tbody tr').filter({ hasText: email });

/** Sends an invitation with one of the users-area forms; returns the notice's text. */
async function invite(admin: Page, form: 'add-new-user' | 'add-existing-user', email: string, access: string[]) {
  await admin.goto(`/portal/users/${form}`);
  if (form === 'add-new-user') {
    await admin.locator('input[name="first_nm"]').fill('Someone');
    await admin.locator('input[name="last_nm"]').fill('Invited');
    await admin.locator('input[name="email_nm"]').fill(email);
  } else {
    await admin.getByLabel('Email of the portal user').fill(email);
  }
  for (const label of access) await admin.getByLabel(label).check();
  await admin.getByRole('button', { name: 'Send invitation' }).click();
  const notice = admin.getByRole('status').filter({ hasText: 'Redirecting...' });
  await notice.waitFor();
  const text = await notice.textContent();
  await admin.waitForURL('**/portal/users', { timeout: 10_000 });
  return text;
}

describe('users area (account administrator)', () => {
  it("edits a user's access and deletes them, asking first", async () => {
    const { context, page: admin } = await open();
    await signIn(admin, demoEmails.admin);
    const dana = 'dana.whitaker@globex-health.example';
    await admin.goto('/portal/users');
    await userRow(admin, dana)
      .getByRole('link', { name: `Edit ${dana}` })
      .click();
    await admin.waitForURL('**/portal/users/edit-user/*');
    await admin.getByLabel('Admin access to Globex Health – Clinics Network (1000202)').check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(`The access of ${dana} was saved.`).waitFor();
    await admin.waitForURL('**/portal/users', { timeout: 10_000 });
    await userRow(admin, dana).filter({ hasText: '1000202 · Admin' }).waitFor();

    // Delete: the confirmation page lists the accounts, then the user leaves the list.
    await userRow(admin, dana)
      .getByRole('link', { name: `Delete ${dana}` })
      .click();
    await admin.waitForURL('**/portal/users/delete-user/*');
    await admin.getByText('Globex Health – Main Campus (1000201)').waitFor();
    await admin.getByRole('button', { name: 'Delete user' }).click();
    await admin.getByText(`${dana} was removed from your accounts.`).waitFor();
    await admin.waitForURL('**/portal/users', { timeout: 10_000 });
    await userRow(admin, dana).waitFor({ state: 'detached' });
    await context.close();
  });

  it('both add forms answer the same for any address and list the invitation alike; access applies only when accepted', async () => {
    const { context, page: admin } = await open();
    await signIn(admin, demoEmails.admin);
    const june = 'june.park@globex-health.example';
    const nobody = 'nobody.here@globex-health.example';
    // Without any account the spec's message shows and nothing is sent.
    await admin.goto('/portal/users/add-existing-user');
    await admin.getByLabel('Email of the portal user').fill(june);
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText('This user must have access to at least one account.').waitFor();

    const main = 'User access to Globex Health – Main Campus (1000201)';
    const known = await invite(admin, 'add-existing-user', june, [main]);
    expect(known).toContain(invitationSent);
    expect(await invite(admin, 'add-existing-user', nobody, [main])).toBe(known);
    expect(await invite(admin, 'add-new-user', june, [main])).toBe(known);
    // The list shows them alike, and June has no new access yet.
    await pendingRow(admin, nobody).waitFor();
    expect(await pendingRow(admin, june).count()).toBe(2);
    expect(await pendingRow(admin, nobody).textContent()).toContain('1000201');
    expect(await userRow(admin, june).textContent()).not.toContain('1000201');

    // June accepts from the link in her mail; then she has Main Campus, and her invitation leaves the list.
    const { context: juneContext, page: person } = await open();
    await person.goto(`/portal/dev/outbox?search=${encodeURIComponent(june)}`);
    const message = person
      .locator(`[data-testid="outbox-message"][data-to="${june}"][data-kind="access-invitation"]`)
      .first();
    await message.waitFor();
    const link = (await message.getByTestId('outbox-link').first().getAttribute('href')) as string;
    await person.goto(new URL(link).pathname);
    await person.getByText('Globex Health – Main Campus (1000201)').waitFor();
    await person.getByRole('button', { name: 'Accept the invitation' }).click();
    await person.getByText('You accepted the invitation.', { exact: false }).waitFor();
    await juneContext.close();
    await admin.reload();
    await userRow(admin, june).filter({ hasText: '1000201' }).waitFor();
    expect(await pendingRow(admin, june).count()).toBe(1);

    // Cancel asks first, then the invitation goes.
    await pendingRow(admin, nobody)
      .getByRole('button', { name: `Cancel the invitation of ${nobody}` })
      .click();
    await admin.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel invitation' }).click();
    await pendingRow(admin, nobody).waitFor({ state: 'detached' });
    await context.close();
  });

  it('a failed user load shows the error, Redirecting..., then the users list', async () => {
    const { context, page } = await open();
    await signIn(page, demoEmails.admin);
    await page.goto('/portal/users/delete-user');
    await page.getByText('User ID is invalid. Please try again.').waitFor();
    await page.getByText('Redirecting...').waitFor();
    await page.waitForURL('**/portal/users', { timeout: 10_000 });
    await page.goto('/portal/users/edit-user/999999');
    await page.getByText('The requested item was not found.').waitFor();
    await page.waitForURL('**/portal/users', { timeout: 10_000 });
    await context.close();
  });
});

describe('staff tools', () => {
  it('staff3 signs in as customer@demo.test, sees the banner, and returns to their own account', async () => {
    const { context, page } = await open();
    await signIn(page, demoEmails.staff3);
    await page.goto('/portal/admin/login-as-user');
    await page.locator('input[name="email"]').fill(demoEmails.customer);
    await page.locator('textarea[name="reason"]').fill('Ticket 4711: invoices');
    await page.getByRole('button', { name: 'Login as user' }).click();
    await page.waitForURL('**/portal/home/index');
    await expect(page.getByTestId('greeting').textContent()).resolves.toContain('Casey');
    const banner = page.getByTestId('acting-as-banner');
    await expect(banner.textContent()).resolves.toContain(
      `(${demoEmails.customer}), from your staff account ${demoEmails.staff3}`,
    );
    // The banner stays on every page while acting as the customer.
    await page.goto('/portal/invoices');
    await banner.waitFor();

    await banner.getByRole('button', { name: 'Return to my account' }).click();
    await page.waitForURL('**/portal/admin/login-as-user');
    await page.locator('input[name="email"]').waitFor();
    expect(await banner.count()).toBe(0);
    await expect(page.getByTestId('user-menu').textContent()).resolves.toContain('Taylor Quinn');

    // The sign-in is on the record.
    await page.goto('/portal/admin/login-as-user-audit');
    const row = page.locator('tbody tr').first();
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(demoEmails.customer);
    await context.close();
  });

  it('shows the admin column above level 1 only, and sends non-staff and lower levels home', async () => {
    const { context: c2, page: staff2 } = await open();
    await signIn(staff2, demoEmails.staff2);
    await staff2.goto('/portal/admin/account-access');
    await staff2.getByRole('columnheader', { name: 'Admin access' }).waitFor();
    await staff2.getByLabel('Admin access to Acme Logistics – Corporate (1000101)').check();
    await expect(staff2.getByLabel('Admin access to Acme Logistics – Corporate (1000101)').isChecked()).resolves.toBe(
      true,
    );
    // Level 2 is not enough to sign in as a user.
    await staff2.goto('/portal/admin/login-as-user');
    await staff2.waitForURL('**/portal/home/index');
    await c2.close();

    const { context: c1, page: staff1 } = await open();
    await signIn(staff1, demoEmails.staff1);
    await staff1.goto('/portal/admin/account-access');
    await staff1.getByRole('columnheader', { name: 'User access' }).waitFor();
    expect(await staff1.getByRole('columnheader', { name: 'Admin access' }).count()).toBe(0);
    await c1.close();

    const { context: c0, page: customer } = await open();
    await signIn(customer, demoEmails.customer);
    await customer.goto('/portal/admin/account-access');
    await customer.waitForURL('**/portal/home/index');
    await c0.close();
  });
});
