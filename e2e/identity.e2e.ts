import { identity, messages } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { DEMO_PASSWORD, demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ CAPTCHA_COMPLEXITY: '5000' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const newPassword = 'Harbor-Lantern-Quartz-42';

/** Calls the API directly (test set-up only): the envelope's data. */
async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${server.origin}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await response.json()) as { data: T; code: string };
  if (!response.ok) throw new Error(`${path}: ${envelope.code}`);
  return envelope.data;
}

/** An account number with one of its invoice numbers, as printed on a customer's invoice. */
async function invoiceOfDemoAccount(): Promise<{ account_number: string; invoice_number: string }> {
  const { token } = await api<{ token: string }>('POST', '/auth/get-token', {
    email: demoEmails.customer,
    password: DEMO_PASSWORD,
  });
  const accounts = await api<{ account_id: number; account_number: string }[]>(
    'GET',
    '/accounts/get-accounts',
    undefined,
    token,
  );
  const account = accounts[0] as { account_id: number; account_number: string };
  const invoices = await api<{ data: { invoice_number: string }[] }>(
    'POST',
    '/invoices/get-invoices',
    { accountId: account.account_id },
    token,
  );
  return { account_number: account.account_number, invoice_number: invoices.data[0]?.invoice_number as string };
}

/** Waits until the self-hosted captcha has solved its proof of work. */
async function captchaSolved(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const widget = document.querySelector('altcha-widget') as (HTMLElement & { getState?: () => string }) | null;
    return widget?.getState?.() === 'verified';
  });
}

/** Opens the local outbox page and follows the newest link of that kind sent to the address. */
async function followOutboxLink(page: Page, to: string, kind: string): Promise<string> {
  await page.goto(`/portal/dev/outbox?search=${encodeURIComponent(to)}`);
  const message = page.locator(`[data-testid="outbox-message"][data-kind="${kind}"][data-to="${to}"]`).first();
  await message.waitFor();
  const link = message.getByTestId('outbox-link').first();
  const href = (await link.getAttribute('href')) as string;
  await link.click();
  return href;
}

async function fillPasswords(page: Page, password = newPassword) {
  await page.locator('input[name="passwd"]').fill(password);
  await page.locator('input[name="confirm"]').fill(password);
}

describe('account creation', () => {
  it('creates a user from an invoice, signs them in, and verifies the address from the outbox', async () => {
    const { account_number, invoice_number } = await invoiceOfDemoAccount();
    const email = 'robin.ellis@acme-logistics.example';
    const { context, page } = await newPage(browser, server.origin);
    await page.goto('/portal/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL('**/portal/s/create-account');
    await page.getByRole('heading', { name: 'Create your portal user' }).waitFor();

    // Client-side rules first, with the spec's default messages.
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('This value is required.').first().waitFor();
    await page.getByText(identity.texts.legalRequired).waitFor();

    await page.getByLabel('First name').fill('Robin');
    await page.getByLabel('Last name').fill('Ellis');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Account number').fill(account_number);
    await page.getByLabel('Invoice number').fill(invoice_number);
    await fillPasswords(page, 'password1234');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('This password is too common. Choose one that is harder to guess.').waitFor();
    await fillPasswords(page);

    // The agreement links open the active agreements in a new tab.
    const agreementLinks = page.locator('form[aria-label="Create account"] label a[target="_blank"]');
    expect(await agreementLinks.count()).toBeGreaterThanOrEqual(1);
    expect(await agreementLinks.first().getAttribute('target')).toBe('_blank');
    await page.locator('input[name="legal_agree"]').check();

    await captchaSolved(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('user-created').getByText(messages.redirecting).waitFor();
    await page.waitForURL('**/portal/home/index');
    await expect(page.getByTestId('greeting').textContent()).resolves.toContain('Robin');
    await page.getByTestId('unverified-banner').waitFor();

    const link = await followOutboxLink(page, email, 'verification');
    expect(link).toContain('/portal/login/verify-email/');
    await page.getByText(identity.texts.emailVerified).waitFor();
    await page.waitForURL('**/portal/login', { timeout: 10_000 });

    // The link is single-use.
    await page.goto(link);
    await page.getByTestId('not-verified').waitFor();
    await context.close();
  });

  it("tells the account's administrators, whose mailed link removes the new user's access in one click", async () => {
    const { account_number } = await invoiceOfDemoAccount();
    const { context, page } = await newPage(browser, server.origin);
    await page.goto(`/portal/dev/outbox?search=${encodeURIComponent(`New portal user on account ${account_number}`)}`);
    const message = page.locator('[data-testid="outbox-message"][data-kind="signup-access"]').first();
    await message.waitFor();
    await message.getByTestId('outbox-link').first().click();
    await page.waitForURL('**/portal/login/revoke-access/**');
    await page.getByText('Robin Ellis (robin.ellis@acme-logistics.example)', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Remove their access' }).click();
    await page.getByRole('status').getByText('Their access to the account is removed.').waitFor();
    await context.close();

    const staff = await newPage(browser, server.origin);
    await signIn(staff.page, demoEmails.staff1);
    await staff.page.goto('/portal/admin/signup-access');
    const row = staff.page.getByRole('row', { name: /robin\.ellis@acme-logistics\.example/ });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('by an account administrator');
    await staff.context.close();
  });

  it('refuses an invoice number of another account and asks for a fresh captcha', async () => {
    const { account_number } = await invoiceOfDemoAccount();
    const { context, page } = await newPage(browser, server.origin);
    await page.goto('/portal/s/create-account');
    await page.getByLabel('First name').fill('Sam');
    await page.getByLabel('Last name').fill('Wrong');
    await page.getByLabel('Email').fill('sam.wrong@example.com');
    await page.getByLabel('Account number').fill(account_number);
    await page.getByLabel('Invoice number').fill('INV-DOES-NOT-EXIST');
    await fillPasswords(page);
    await page.locator('input[name="legal_agree"]').check();
    await captchaSolved(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    const errors = page.getByTestId('form-errors');
    await errors.waitFor();
    expect(await errors.textContent()).toContain(identity.texts.accountInvoiceMismatch);
    await captchaSolved(page);
    await context.close();
  });

  it('Add new user sends an invitation; the person sets their own password from the link, which then says it is used', async () => {
    const email = 'nia.cole@globex-health.example';
    const admin = await newPage(browser, server.origin);
    await signIn(admin.page, demoEmails.admin);
    await admin.page.goto('/portal/users/add-new-user');
    // No password on this form: the administrator never knows another person's password.
    expect(await admin.page.locator('input[name="passwd"]').count()).toBe(0);
    await admin.page.getByLabel('Email').fill(email);
    await admin.page.getByLabel('First name').fill('Nia');
    await admin.page.getByLabel('Last name').fill('Cole');
    await admin.page.getByLabel('User access to Globex Health – Main Campus (1000201)').check();
    await admin.page.getByLabel('Admin access to Globex Health – Clinics Network (1000202)').check();
    await admin.page.getByRole('button', { name: 'Send invitation' }).click();
    await admin.page.getByText('We sent an invitation to this address.', { exact: false }).waitFor();
    await admin.page.waitForURL('**/portal/users', { timeout: 10_000 });
    const pending = admin.page.getByRole('region', { name: 'Pending invitations' });
    await pending.locator('tbody tr').filter({ hasText: email }).filter({ hasText: '1000202 · Admin' }).waitFor();

    const { context, page } = await newPage(browser, server.origin);
    const link = await followOutboxLink(page, email, 'invitation');
    expect(link).toMatch(/\/portal\/s\/create-account\/\d+\/[\w-]+\/nia\.cole%40globex-health\.example\/Nia\/Cole$/);
    await page.getByRole('heading', { name: 'Create your portal user' }).waitFor();
    // The link was checked before the form: it names the accounts it grants.
    await page.getByText('Globex Health – Clinics Network (1000202), as administrator').waitFor();
    expect(await page.getByLabel('Account number').count()).toBe(0);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(await page.getByLabel('Email').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('First name').inputValue()).toBe('Nia');
    await fillPasswords(page);
    await page.locator('input[name="legal_agree"]').check();
    await captchaSolved(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/portal/home/index');
    await expect(page.getByTestId('greeting').textContent()).resolves.toContain('Nia');
    await context.close();

    // Used: opening the link again says so, and no form is shown.
    const again = await newPage(browser, server.origin);
    await again.page.goto(new URL(link).pathname);
    await again.page.getByText(identity.texts.invitationInvalid).waitFor();
    expect(await again.page.locator('input[name="passwd"]').count()).toBe(0);
    await again.context.close();

    await admin.page.reload();
    await admin.page.locator('tbody tr').filter({ hasText: email }).filter({ hasText: '1000202 · Admin' }).waitFor();
    expect(await admin.page.getByRole('region', { name: 'Pending invitations' }).count()).toBe(0);
    await admin.context.close();
  });

  it('a forged invitation link says so before any form', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await page.goto(`/portal/s/create-account/1/${'A'.repeat(43)}/someone%40example.com`);
    await page.getByText(identity.texts.invitationInvalid).waitFor();
    expect(await page.locator('input[name="passwd"]').count()).toBe(0);
    await page.goto(`/portal/s/accept-invitation/${'B'.repeat(43)}`);
    await page.getByText(identity.texts.invitationInvalid).waitFor();
    await context.close();
  });
});

describe('forgotten password', () => {
  it('sends a reset link to the outbox, sets the new password once, and signs in with it', async () => {
    const email = 'dana.whitaker@globex-health.example';
    const { context, page } = await newPage(browser, server.origin);
    await page.goto('/portal/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(identity.texts.forgotSent).waitFor();

    const link = await followOutboxLink(page, email, 'password-reset');
    expect(link).toContain(`/portal/login/reset/`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await fillPasswords(page, 'short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('too short').waitFor();
    await fillPasswords(page);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText(identity.texts.passwordReset).waitFor();
    await page.waitForURL('**/portal/login', { timeout: 10_000 });

    await signIn(page, email, newPassword);

    // The link worked once.
    await page.goto(link);
    await fillPasswords(page, 'Another-Harbor-Pass-9');
    await page.getByRole('button', { name: 'Set new password' }).click();
    expect(await page.getByTestId('form-errors').textContent()).toContain(identity.texts.resetLinkInvalid);
    await context.close();
  });

  it('answers an unknown address exactly like a known one', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await page.goto('/portal/login/forgot-password');
    await page.getByLabel('Email').fill('nobody.at.all@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText(identity.texts.forgotSent).waitFor();
    await context.close();
  });

  it('sends a reset route with the wrong number of segments to the dashboard', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await page.goto('/portal/login/reset/only-one-segment');
    // The dashboard needs sign-in, so an anonymous visitor ends on the login page.
    await page.waitForURL((url) => !url.pathname.includes('/reset/'));
    expect(new URL(page.url()).pathname).toMatch(/^\/portal\/(home\/index|login)/);
    await context.close();
  });
});
