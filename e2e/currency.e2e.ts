import { mkdirSync } from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiToken, callApi } from './helpers/api.ts';
import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { demoAccounts, demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/**
 * Issue 34 (decision 120): a currency per account. A euro account of the demo customer, fed through the
 * integration API beside their dollar accounts: its amounts read in euros on every page, and no total
 * adds euros to dollars.
 */

let server: RunningServer;
let browser: Browser;
const shots = process.env.E2E_SHOTS_DIR;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await feedEuroAccount();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const euro = { account_number: '1000109', name: 'Acme Logistics – Europe', company: 'Acme Logistics', currency: 'EUR' };
/** Overdue since January, with a payment of 100.00 against it. */
const overdue = {
  invoice_number: 'INV-EU-1',
  account_number: euro.account_number,
  bill_date: '2026-01-01',
  due_date: '2026-01-15',
  monthly_charges: '2149.63',
  total_amt_due: '2149.63',
  currency: 'EUR',
  lines: [{ product_cd: 'EUCL', price: '2149.63' }],
};
/** The account's latest invoice, due long after any day the test runs (billed in the past: decision 124). */
const latest = {
  ...overdue,
  invoice_number: 'INV-EU-2',
  bill_date: '2026-02-01',
  due_date: '2099-01-31',
  monthly_charges: '1234.00',
  total_amt_due: '1234.00',
  lines: [{ product_cd: 'EUCL', price: '1234.00' }],
};

async function batch(token: string, collection: string, items: unknown[]): Promise<string[]> {
  const response = await fetch(`${server.origin}/api/integration/v1/${collection}/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ items }),
  });
  const { data } = (await response.json()) as { data: { results: { status: string }[] } };
  return data.results.map((r) => r.status);
}

/** The euro account, its invoices and a payment, and the demo customer given access to it. */
async function feedEuroAccount() {
  const staff = await apiToken(server.origin, demoEmails.staff3);
  const created = await callApi<{ token: string }>(
    server.origin,
    'POST',
    'integration/tokens',
    { name: 'billing', scopes: ['all'] },
    staff,
  );
  const token = created.data.token;
  expect(await batch(token, 'accounts', [euro])).toEqual(['created']);
  expect(
    await batch(token, 'products', [
      {
        product_cd: 'EUCL',
        product: 'Euro Cloud',
        short_product_name: 'Euro Cloud',
        product_group: 'Cloud',
        product_controller: 'order',
      },
    ]),
  ).toEqual(['created']);
  expect(await batch(token, 'invoices', [overdue, latest])).toEqual(['created', 'created']);
  expect(
    await batch(token, 'payments', [
      {
        payment_reference: 'PAY-EU-1',
        account_number: euro.account_number,
        invoice_number: overdue.invoice_number,
        paid_at: '2026-01-20T10:00:00Z',
        amount: '100.00',
        currency: 'EUR',
      },
    ]),
  ).toEqual(['created']);
  expect(
    await batch(token, 'users', [
      {
        email_nm: demoEmails.customer,
        first_nm: 'Casey',
        last_nm: 'Morgan',
        accounts: [...demoAccounts.customer, euro].map((a) => ({ account_number: a.account_number })),
      },
    ]),
  ).toEqual(['updated']);
}

async function signedIn(): Promise<Page> {
  const { page } = await newPage(browser, server.origin);
  page.on('pageerror', (error) => {
    throw error;
  });
  await signIn(page, demoEmails.customer);
  return page;
}

/** Picks an account in a page's account selector. */
async function chooseAccount(page: Page, name: RegExp) {
  await page.getByRole('combobox', { name: 'Account' }).click();
  await page.getByRole('option', { name }).click();
}

async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

describe('a euro account beside dollar accounts', () => {
  it('lists the euro invoices in euros; an overdue one with a payment says what was paid', async () => {
    const page = await signedIn();
    await page.goto('/portal/invoices');
    // A dollar account's invoices stay in dollars.
    await chooseAccount(page, /Corporate/);
    const firstRow = page.locator('table tbody tr').first();
    await expect.poll(async () => (await firstRow.textContent()) ?? '').toMatch(/\$[\d,]+\.\d{2}/);
    expect(await page.locator('table tbody').textContent()).not.toContain('€');

    await chooseAccount(page, /Europe/);
    const row = (number: string) => page.locator('table tbody tr', { hasText: number });
    await row(overdue.invoice_number).waitFor();
    expect(await row(overdue.invoice_number).textContent()).toContain('€2,149.63');
    expect(await row(overdue.invoice_number).getByTestId('invoice-status').textContent()).toBe(
      'Overdue (€100.00 paid)',
    );
    expect(await row(latest.invoice_number).textContent()).toContain('€1,234.00');
    await shot(page, 'currency-invoices');

    // The invoice page: total, charges and services in euros.
    await row(overdue.invoice_number).getByRole('link').first().click();
    await page.waitForURL('**/portal/invoices/view/**');
    const charges = page.getByTestId('invoice-charges');
    await charges.waitFor();
    expect(await charges.textContent()).toContain('Total amount due€2,149.63');
    expect(await charges.textContent()).not.toContain('$');
    expect(await page.getByTestId('invoice-status').textContent()).toBe('Overdue (€100.00 paid)');
    await page.getByRole('table', { name: 'Services on this invoice' }).waitFor();
    expect(await page.getByRole('table', { name: 'Services on this invoice' }).textContent()).toContain('€2,149.63');
    await shot(page, 'currency-invoice-page');
    await page.context().close();
  });

  it('the balance history totals each currency on its own, never euros and dollars together', async () => {
    const token = await apiToken(server.origin, demoEmails.customer);
    const balances = (
      await callApi<{ currency: string; balance: number }[]>(
        server.origin,
        'GET',
        'invoices/get-balance-history',
        {},
        token,
      )
    ).data;
    const dollars = balances
      .filter((b) => b.currency === 'USD')
      .reduce((sum, b) => sum + Math.round(b.balance * 100), 0);
    expect(balances.filter((b) => b.currency === 'EUR').map((b) => b.balance)).toEqual([2149.63 - 100 + 1234]);

    const page = await signedIn();
    await page.goto('/portal/invoices/pay');
    const euroRow = page.locator('table tbody tr', { hasText: euro.account_number });
    await euroRow.waitFor();
    expect(await euroRow.textContent()).toContain('€3,283.63');
    const totals = page.getByTestId('total-balance');
    await expect.poll(() => totals.count()).toBe(2);
    expect(await page.locator('[data-testid="total-balance"][data-currency="EUR"]').textContent()).toBe('€3,283.63');
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars / 100);
    expect(await page.locator('[data-testid="total-balance"][data-currency="USD"]').textContent()).toBe(usd);
    await shot(page, 'currency-balance');
    await page.context().close();
  });

  it("the dashboard shows each account's latest invoice in its own currency, adding none to another", async () => {
    const page = await signedIn();
    const select = page.getByRole('combobox', { name: 'Invoice account' });
    await select.click();
    await page.getByRole('option', { name: new RegExp(euro.name) }).click();
    const amount = page.getByTestId('amount-due');
    await expect.poll(() => amount.textContent()).toBe('€1,234.00');
    expect(await page.getByTestId('invoice-status').textContent()).toBe('Unpaid');
    await shot(page, 'currency-dashboard-eur');

    await select.click();
    await page.getByRole('option', { name: new RegExp(demoAccounts.customer[0].name) }).click();
    await expect.poll(async () => (await amount.textContent())?.startsWith('$')).toBe(true);
    // No figure on the dashboard carries both currencies, or adds the euro invoice to a dollar one.
    const text = (await page.locator('main').textContent()) ?? '';
    expect(text).not.toContain('€');
    await shot(page, 'currency-dashboard-usd');
    await page.context().close();
  });
});
