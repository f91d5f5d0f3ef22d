import { execFileSync } from 'node:child_process';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Account, BalanceHistory, InvoiceSummary, Paged } from '@portal/contract';

import { demoEmails } from '../../src/seed/demo.ts';
import { download, parseCsv } from '../invoices/billing-fixtures.ts';
import { createTestApp, testEnv, type TestApp } from '../helpers/test-app.ts';
import { batch, newToken, signInFedUser, statuses } from './kit.ts';

/** Issue 34 (decision 120): a currency per account; its invoices and payments carry it, never another. */

const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');

const euroAccount = { account_number: '9400001', name: 'Euro GmbH', company: 'Euro', currency: 'EUR' };
const dollarAccount = { account_number: '9400002', name: 'Dollar Inc', company: 'Euro' };
const product = {
  product_cd: 'EUR1',
  product: 'Euro Voice',
  short_product_name: 'Voice',
  product_group: 'Voice',
  product_controller: 'voice',
};
const euroInvoice = {
  invoice_number: 'INV-9400001-01',
  account_number: '9400001',
  bill_date: '2026-12-01',
  due_date: '2026-12-31',
  monthly_charges: '2149.63',
  total_amt_due: '2149.63',
  lines: [{ product_cd: 'EUR1', price: '2149.63' }],
};

/** Feeds a EUR account and a USD account of one user, with an invoice each; returns the user's token. */
async function feed(t: TestApp): Promise<string> {
  const token = (await newToken(t, await t.signIn(demoEmails.staff3))).token;
  expect(statuses((await batch(t, token, 'accounts', [euroAccount, dollarAccount])).results)).toEqual([
    'created',
    'created',
  ]);
  await batch(t, token, 'products', [product]);
  const dollarInvoice = { ...euroInvoice, invoice_number: 'INV-9400002-01', account_number: '9400002' };
  expect(statuses((await batch(t, token, 'invoices', [euroInvoice, dollarInvoice])).results)).toEqual([
    'created',
    'created',
  ]);
  await batch(t, token, 'users', [
    {
      email_nm: 'euro@euro.example',
      first_nm: 'Eu',
      last_nm: 'Ro',
      accounts: [{ account_number: '9400001' }, { account_number: '9400002' }],
    },
  ]);
  return signInFedUser(t, 'euro@euro.example');
}

describe('currency per account (integration API)', () => {
  let t: TestApp;
  let feedToken: string;
  let user: string;

  beforeAll(async () => {
    t = await createTestApp();
    feedToken = (await newToken(t, await t.signIn(demoEmails.staff3))).token;
    user = await feed(t);
  });
  afterAll(() => t.close());

  it('an account is fed with its ISO 4217 currency, dollars when it names none; the app reads it', async () => {
    const accounts = (await t.call('GET', '/api/accounts/get-accounts', { token: user })).body.data as Account[];
    expect(accounts.map((a) => [a.account_number, a.currency]).sort()).toEqual([
      ['9400001', 'EUR'],
      ['9400002', 'USD'],
    ]);
    // The same item again changes nothing (the currency is part of what is compared).
    expect(statuses((await batch(t, feedToken, 'accounts', [euroAccount])).results)).toEqual(['unchanged']);
  });

  it('refuses a code that is not an ISO 4217 currency, naming the field', async () => {
    const res = await batch(
      t,
      feedToken,
      'accounts',
      ['EURO', 'eur', 'XYZ', 12].map((currency, i) => ({ ...euroAccount, account_number: `94009${i}`, currency })),
    );
    const message = 'This value should be an ISO 4217 currency code (USD, EUR).';
    expect(res.results.map((r) => [r.status, r.errors])).toEqual(
      Array.from({ length: 4 }, () => ['invalid', { currency: [message] }]),
    );
  });

  it("an invoice or payment in another currency than its account's is invalid for that item alone", async () => {
    const invoices = await batch(t, feedToken, 'invoices', [
      { ...euroInvoice, invoice_number: 'INV-9400001-02', currency: 'USD' },
      { ...euroInvoice, invoice_number: 'INV-9400001-03', currency: 'EUR' },
    ]);
    expect(invoices.results).toEqual([
      {
        key: 'INV-9400001-02',
        status: 'invalid',
        errors: { currency: ["This value should be the account's currency (EUR)."] },
      },
      { key: 'INV-9400001-03', status: 'created' },
    ]);
    // Stating the currency or not is the same invoice.
    expect(statuses((await batch(t, feedToken, 'invoices', [euroInvoice])).results)).toEqual(['unchanged']);
    const payment = { payment_reference: 'PAY-94-1', account_number: '9400001', paid_at: '2026-11-05T10:00:00Z' };
    const payments = await batch(t, feedToken, 'payments', [
      { ...payment, amount: '10.00', currency: 'USD' },
      { ...payment, payment_reference: 'PAY-94-2', amount: '10.00', currency: 'EUR', invoice_number: 'INV-9400001-03' },
    ]);
    expect(payments.results).toEqual([
      {
        key: 'PAY-94-1',
        status: 'invalid',
        errors: { currency: ["This value should be the account's currency (EUR)."] },
      },
      { key: 'PAY-94-2', status: 'created' },
    ]);
    expect(await t.db.one(`SELECT count(*)::int AS n FROM invoices WHERE invoice_number = 'INV-9400001-02'`)).toEqual({
      n: 0,
    });
  });

  it('an account holding amounts keeps its currency', async () => {
    const res = await batch(t, feedToken, 'accounts', [{ ...euroAccount, currency: 'USD' }]);
    expect(res.results).toEqual([
      {
        key: '9400001',
        status: 'invalid',
        errors: { currency: ['The account has amounts in EUR: its currency cannot change.'] },
      },
    ]);
    // One without amounts may still change it.
    await batch(t, feedToken, 'accounts', [{ ...euroAccount, account_number: '9400003' }]);
    expect(
      statuses(
        (await batch(t, feedToken, 'accounts', [{ ...euroAccount, account_number: '9400003', currency: 'CHF' }]))
          .results,
      ),
    ).toEqual(['updated']);
  });

  it('the invoices and the balances carry their currency; balances are per account, never added', async () => {
    const list = (await t.call('POST', '/api/invoices/get-invoices', { token: user, body: {} })).body
      .data as Paged<InvoiceSummary>;
    expect(new Map(list.data.map((i) => [i.invoice_number, i.currency]))).toEqual(
      new Map([
        ['INV-9400001-01', 'EUR'],
        ['INV-9400001-03', 'EUR'],
        ['INV-9400002-01', 'USD'],
      ]),
    );
    const balances = (await t.call('GET', '/api/invoices/get-balance-history', { token: user })).body
      .data as BalanceHistory[];
    expect(balances.map((b) => [b.account.account_number, b.currency, b.balance])).toEqual([
      ['9400001', 'EUR', 2149.63 * 2 - 10],
      ['9400002', 'USD', 2149.63],
    ]);
  });

  it('the PDF shows amounts in euros and the services CSV names the currency of each price', async () => {
    const invoice = await t.db.one<{ account_id: number; cycle_log_id: number }>(
      `SELECT account_id, cycle_log_id FROM invoices WHERE invoice_number = 'INV-9400001-01'`,
    );
    const pdf = await download(t, '/api/invoices/download-invoice', user, {
      accountId: invoice!.account_id,
      cycleLogId: invoice!.cycle_log_id,
    });
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.bytes);
    expect(text).toContain('€2,149.63');
    expect(text).toContain('12.01.2026');
    expect(text).not.toContain('$');

    const csv = await download(t, '/api/invoices/download-invoice-product-history', user, {
      accountId: invoice!.account_id,
    });
    const [header, ...rows] = parseCsv(csv.bytes.toString('utf8'));
    expect(header!.slice(-2)).toEqual(['Price', 'Currency']);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.slice(-2)).toEqual(['2149.63', 'EUR']);
  });
});

describe('the portal locale (PORTAL_LOCALE) in the PDF', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ PORTAL_LOCALE: 'de-DE' });
  });
  afterAll(() => t.close());

  it('dates and amounts follow the same locale: 01.12.2026 beside 2.149,63 €', async () => {
    const user = await feed(t);
    const invoice = await t.db.one<{ account_id: number; cycle_log_id: number }>(
      `SELECT account_id, cycle_log_id FROM invoices WHERE invoice_number = 'INV-9400001-01'`,
    );
    const text = pdfText(
      (
        await download(t, '/api/invoices/download-invoice', user, {
          accountId: invoice!.account_id,
          cycleLogId: invoice!.cycle_log_id,
        })
      ).bytes,
    );
    expect(text).toContain('01.12.2026');
    expect(text).toContain('31.12.2026');
    expect(text).toContain('2.149,63 €');
    expect(text).not.toContain('12.01.2026');
  });

  it('refuses a locale Intl does not know when the API starts', () => {
    for (const locale of ['xx-Nowhere', 'de_DE', 'de-de', ''])
      expect(() => testEnv({ PORTAL_LOCALE: locale })).toThrow(/PORTAL_LOCALE/);
    expect(testEnv().PORTAL_LOCALE).toBe('en-US');
  });
});
