import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
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

const email = 'jordan.reyes@vandelay.example';
const password = 'Harbor-Lantern-Quartz-42';

/** Calls the integration API as the provider's feed would: the envelope's data. */
async function feed<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.origin}/api/integration/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await response.json()) as { data: T; code: string };
  if (!response.ok) throw new Error(`${path}: ${envelope.code}`);
  return envelope.data;
}

async function batch(token: string, collection: string, items: unknown[]): Promise<string[]> {
  const data = await feed<{ results: { status: string }[] }>(token, 'POST', `/${collection}/batch`, { items });
  return data.results.map((r) => r.status);
}

/** Accepts every active agreement for the user through the API. */
async function acceptAgreements(user: string, userPassword: string): Promise<void> {
  const call = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${server.origin}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return ((await response.json()) as { data: T }).data;
  };
  const { token } = await call<{ token: string }>('/auth/get-token', { email: user, password: userPassword });
  const pending = await call<{ legal_agreement_id: number }[]>('/legal/get-unnaccepted-agreements', {}, token);
  for (const agreement of pending) {
    await call('/legal/accept-agreement', { legalAgreementId: agreement.legal_agreement_id }, token);
  }
}

/** Staff creates an integration token on the staff page and copies the secret shown once. */
async function createTokenOnStaffPage(page: Page): Promise<string> {
  await signIn(page, demoEmails.staff3);
  await page.getByRole('link', { name: 'Provider Integration' }).click();
  await page.waitForURL('**/portal/admin/integration');
  await page.getByLabel('Name').fill('Billing system');
  await page.getByRole('checkbox', { name: 'all' }).check();
  await page.getByRole('button', { name: 'Create token' }).click();
  const secret = (await page.getByTestId('new-token-secret').textContent()) ?? '';
  expect(secret).toMatch(/^pit_/);
  await page.getByRole('cell', { name: 'Billing system', exact: true }).waitFor();
  return secret;
}

describe('provider integration', () => {
  it('a batch loads an account, a user, an order and an invoice; the user sees them and opens a ticket the feed reports', async () => {
    const staff = await newPage(browser, server.origin);
    const token = await createTokenOnStaffPage(staff.page);

    expect(
      await batch(token, 'accounts', [{ account_number: '9800001', name: 'Vandelay HQ', company: 'Vandelay' }]),
    ).toEqual(['created']);
    expect(
      await batch(token, 'products', [
        {
          product_cd: 'LATEX',
          product: 'Managed latex supply',
          short_product_name: 'Latex',
          product_group: 'Supply',
          product_controller: 'latex',
        },
      ]),
    ).toEqual(['created']);
    const order = {
      order_number: 'ORD-9800001-1',
      account_number: '9800001',
      product_cd: 'LATEX',
      components: [{ component_key: 'base', description: 'Monthly supply', mrc_charges: '199.99' }],
    };
    expect(await batch(token, 'orders', [order])).toEqual(['created']);
    const invoice = {
      invoice_number: 'INV-9800001-1',
      account_number: '9800001',
      bill_date: '2026-11-01',
      due_date: '2099-12-31',
      monthly_charges: '199.99',
      total_amt_due: '199.99',
      lines: [{ product_cd: 'LATEX', order_number: 'ORD-9800001-1', price: '199.99' }],
    };
    expect(await batch(token, 'invoices', [invoice])).toEqual(['created']);
    const user = {
      email_nm: email,
      first_nm: 'Jordan',
      last_nm: 'Reyes',
      accounts: [{ account_number: '9800001' }],
      send_invitation: true,
    };
    expect(await batch(token, 'users', [user])).toEqual(['created']);
    // The same batch again changes nothing.
    expect(await batch(token, 'orders', [order])).toEqual(['unchanged']);

    // The staff page lists the batches.
    await staff.page.reload();
    await staff.page.getByRole('cell', { name: 'invoices', exact: true }).first().waitFor();
    await staff.context.close();

    // The user sets a password from the invitation in the outbox.
    const { context, page } = await newPage(browser, server.origin);
    await page.goto(`/portal/dev/outbox?search=${encodeURIComponent(email)}`);
    const message = page
      .locator(`[data-testid="outbox-message"][data-kind="set-password"][data-to="${email}"]`)
      .first();
    await message.getByTestId('outbox-link').first().click();
    await page.getByRole('heading', { name: 'Verify your account' }).waitFor();
    await page.locator('input[name="passwd"]').fill(password);
    await page.locator('input[name="confirm"]').fill(password);
    await page.waitForFunction(() => {
      const widget = document.querySelector('altcha-widget') as (HTMLElement & { getState?: () => string }) | null;
      return widget?.getState?.() === 'verified';
    });
    await page.getByRole('button', { name: 'Verify and set password' }).click();
    await page.waitForURL('**/portal/login', { timeout: 15_000 });

    // The active agreements (their pages have their own tests) are accepted through the API, then sign in.
    await acceptAgreements(email, password);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/portal/home/index');
    await page.getByTestId('greeting').waitFor();

    // The account, whose balance is the open invoice; then the invoice, with its status, and the order.
    await page.goto('/portal/invoices/pay');
    const accountRow = page.getByRole('row').filter({ hasText: '9800001' });
    await accountRow.getByRole('button', { name: 'Vandelay HQ: invoices of account 9800001' }).waitFor();
    expect(await accountRow.textContent()).toContain('199.99');
    await page.goto('/portal/invoices');
    const invoiceRow = page.getByRole('row').filter({ hasText: 'INV-9800001-1' });
    await invoiceRow.waitFor();
    expect(await invoiceRow.getByTestId('invoice-status').textContent()).toBe('Unpaid');
    await page.goto('/portal/services');
    const orderLink = page.getByRole('link', { name: 'ORD-9800001-1' });
    await orderLink.waitFor();
    const baseOrderId = Number(/(\d+)$/.exec((await orderLink.getAttribute('href')) ?? '')?.[1]);

    // A ticket on the order, which the provider's feed then reports.
    const before = await feed<{ next_cursor: number }>(token, 'GET', '/events');
    await page.goto(`/portal/r/tickets/new-ticket/${baseOrderId}`);
    await page.getByRole('textbox', { name: 'Subject' }).fill('Supply late');
    await page.getByRole('combobox', { name: 'Impact' }).selectOption('Low');
    await page.getByRole('textbox', { name: 'Description' }).fill('The November delivery has not arrived.');
    await page.getByRole('button', { name: 'Open ticket' }).click();
    await page.waitForURL(/\/portal\/r\/tickets\/ticket\/\d+$/);
    const events = await feed<{ events: { type: string; account_number: string; data: Record<string, unknown> }[] }>(
      token,
      'GET',
      `/events?after=${before.next_cursor}`,
    );
    expect(events.events).toEqual([
      expect.objectContaining({
        type: 'ticket.created',
        account_number: '9800001',
        data: expect.objectContaining({
          subject: 'Supply late',
          order_number: 'ORD-9800001-1',
          user_email: email,
        }),
      }),
    ]);
    await context.close();
  });
});
