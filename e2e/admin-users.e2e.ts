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

const newUser = {
  first: 'Nadia',
  last: 'Okafor',
  email: 'nadia.okafor@globex-health.example',
  password: 'Ward-Rounds-Daily-42',
};

/** The start of the answers of add new user and add existing user (the same for any address). */
const answers = {
  newUser: 'We sent a message to this address. If it is new to the portal, the user was added',
  existingUser:
    'We sent a message to this address. If it belongs to a portal user, they now have the access you chose.',
};

/** The users list's row of one email. */
const userRow = (page: Page, email: string) => page.locator('tbody tr').filter({ hasText: email });

describe('users area (account administrator)', () => {
  it('adds a new user with access to one account; the user verifies through the outbox, signs in and sees only that account; edit; delete', async () => {
    const { context: adminContext, page: admin } = await open();
    await signIn(admin, demoEmails.admin);

    // Add the user with user access to Main Campus only.
    await admin.goto('/portal/users/add-new-user');
    await admin.locator('input[name="first_nm"]').fill(newUser.first);
    await admin.locator('input[name="last_nm"]').fill(newUser.last);
    await admin.locator('input[name="email_nm"]').fill(newUser.email);
    await admin.locator('input[name="passwd"]').fill(newUser.password);
    await admin.locator('input[name="confirm"]').fill(newUser.password);
    // Without any account the spec's message shows and nothing is sent.
    await admin.getByRole('button', { name: 'Add user' }).click();
    await admin.getByText('This user must have access to at least one account.').waitFor();
    await admin.getByLabel('User access to Globex Health – Main Campus (1000201)').check();
    await admin.getByRole('button', { name: 'Add user' }).click();
    // The answer never says whether the address already had a portal user; it says what happens either way.
    await admin.getByText(answers.newUser, { exact: false }).waitFor();
    await admin.getByText('Redirecting...').waitFor();
    // Back to the users list after 3 seconds.
    await admin.waitForURL('**/portal/users', { timeout: 10_000 });
    await userRow(admin, newUser.email).filter({ hasText: 'not verified' }).waitFor();

    // The new user opens the verification link from the local outbox, then signs in.
    const { context: userContext, page: user } = await open();
    await user.goto(`/portal/dev/outbox?search=${encodeURIComponent(newUser.email)}`);
    const message = user.locator(
      `[data-testid="outbox-message"][data-to="${newUser.email}"][data-kind="verification"]`,
    );
    await message.waitFor();
    const link = await message.getByTestId('outbox-link').first().getAttribute('href');
    expect(link).toMatch(/\/portal\/login\/verify-email\//);
    await user.goto(new URL(link as string).pathname);
    await user.getByText('Your email address has been verified.').waitFor();
    await user.waitForURL((url) => url.pathname === '/portal/login', { timeout: 15_000 });
    await signIn(user, newUser.email, newUser.password);
    await user.goto('/portal/users/accounts');
    const accounts = user.getByRole('checkbox');
    await accounts.first().waitFor();
    expect(await accounts.count()).toBe(1);
    expect(await user.getByText('Globex Health – Main Campus (1000201)').count()).toBe(1);
    // Not an administrator: the users area says so.
    await user.goto('/portal/users');
    await user.getByText('Your account does not have permission to edit users').waitFor();

    // Edit: make the user administrator of Clinics Network as well.
    await admin.goto('/portal/users');
    await userRow(admin, newUser.email)
      .getByRole('link', { name: `Edit ${newUser.email}` })
      .click();
    await admin.waitForURL('**/portal/users/edit-user/*');
    await admin.getByLabel('Admin access to Globex Health – Clinics Network (1000202)').check();
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText(`The access of ${newUser.email} was saved.`).waitFor();
    await admin.waitForURL('**/portal/users', { timeout: 10_000 });
    await userRow(admin, newUser.email).filter({ hasText: '1000202 · Admin' }).waitFor();

    // Delete: the confirmation page lists the accounts, then the user leaves the list.
    await userRow(admin, newUser.email)
      .getByRole('link', { name: `Delete ${newUser.email}` })
      .click();
    await admin.waitForURL('**/portal/users/delete-user/*');
    await admin.getByText('Globex Health – Main Campus (1000201)').waitFor();
    await admin.getByRole('button', { name: 'Delete user' }).click();
    await admin.getByText(`${newUser.email} was removed from your accounts.`).waitFor();
    await admin.waitForURL('**/portal/users', { timeout: 10_000 });
    await userRow(admin, newUser.email).waitFor({ state: 'detached' });

    await userContext.close();
    await adminContext.close();
  });

  it('add existing user and add new user answer the same for any address; only a real user gains access', async () => {
    const { context, page: admin } = await open();
    await signIn(admin, demoEmails.admin);
    const june = 'june.park@globex-health.example';
    const addExisting = async (email: string) => {
      await admin.goto('/portal/users/add-existing-user');
      await admin.getByLabel('Email of the portal user').fill(email);
      await admin.getByLabel('User access to Globex Health – Main Campus (1000201)').check();
      await admin.getByRole('button', { name: 'Add user' }).click();
      const notice = admin.getByRole('status').filter({ hasText: 'Redirecting...' });
      await notice.waitFor();
      const text = await notice.textContent();
      await admin.waitForURL('**/portal/users', { timeout: 10_000 });
      return text;
    };
    const known = await addExisting(june);
    expect(known).toContain(answers.existingUser);
    expect(await addExisting('nobody.here@globex-health.example')).toBe(known);
    // June (who had 1000202 and 1000203) now has Main Campus too; nobody else appeared.
    await userRow(admin, june).filter({ hasText: '1000201' }).waitFor();
    expect(await userRow(admin, 'nobody.here@globex-health.example').count()).toBe(0);

    // Add new user with June's address: the same answer as for a new address, and June stays as she was.
    await admin.goto('/portal/users/add-new-user');
    await admin.locator('input[name="first_nm"]').fill('Someone');
    await admin.locator('input[name="last_nm"]').fill('Else');
    await admin.locator('input[name="email_nm"]').fill(june);
    await admin.locator('input[name="passwd"]').fill(newUser.password);
    await admin.locator('input[name="confirm"]').fill(newUser.password);
    await admin.getByLabel('User access to Globex Health – Clinics Network (1000202)').check();
    await admin.getByRole('button', { name: 'Add user' }).click();
    await admin.getByText(answers.newUser, { exact: false }).waitFor();
    await admin.waitForURL('**/portal/users', { timeout: 10_000 });
    expect(await admin.getByText('Someone Else').count()).toBe(0);
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
