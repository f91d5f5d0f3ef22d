import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Account, BalanceHistory, Invoice, InvoiceSummary, Paged } from '@portal/contract';

import type { TestApp } from '../helpers/test-app.ts';
import { first, twoCustomers } from './billing-fixtures.ts';

let t: TestApp, customer: string, admin: string, mine: Account[], theirs: Account[];

beforeAll(async () => {
  ({ t, customer, admin, mine, theirs } = await twoCustomers());
});
afterAll(() => t.close());

const list = async (body: object, token = customer) => t.call('POST', '/api/invoices/get-invoices', { token, body });
const pageOf = (res: { body: { data: unknown } }) => res.body.data as Paged<InvoiceSummary>;

/** The caller's invoices straight from the database, for comparing with the answers. */
const dbInvoices = (accountIds: number[]) =>
  t.db.query<{ cycle_log_id: number; account_id: number; bill_date: string; due_date: string; open: number }>(
    `SELECT cycle_log_id, account_id, to_char(bill_date, 'YYYY-MM-DD') AS bill_date,
            to_char(due_date, 'YYYY-MM-DD') AS due_date, (total_amt_due - amount_paid) AS open
       FROM invoices WHERE account_id = ANY($1::int[])`,
    [accountIds],
  );

describe('invoices/get-invoices', () => {
  it('pages 20 at a time, newest bill first, over all the caller accounts', async () => {
    const all = await dbInvoices(mine.map((a) => a.account_id));
    const one = pageOf(await list({}));
    expect(one).toMatchObject({
      current_page: 1,
      per_page: 20,
      total: all.length,
      last_page: Math.ceil(all.length / 20),
    });
    expect(one.data).toHaveLength(20);
    const dates = one.data.map((i) => i.bill_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(first(one.data)).toMatchObject({
      account_number: expect.any(String),
      account_name: expect.any(String),
      invoice_number: expect.stringMatching(/^INV-/),
      is_downloadable: expect.any(Boolean),
    });

    const ids: number[] = [];
    for (let page = 1; page <= one.last_page; page += 1) {
      const res = await t.call('POST', `/api/invoices/get-invoices?page=${page}`, { token: customer, body: {} });
      const got = pageOf(res);
      expect(got.current_page).toBe(page);
      expect(got.data).toHaveLength(page < one.last_page ? 20 : all.length - 20 * (one.last_page - 1));
      ids.push(...got.data.map((i) => i.cycle_log_id));
    }
    expect(ids.sort()).toEqual(all.map((i) => i.cycle_log_id).sort());
    const beyond = pageOf(
      await t.call('POST', `/api/invoices/get-invoices?page=${one.last_page + 1}`, { token: customer, body: {} }),
    );
    // Past the end answers the last page (issue 15), never an empty "page 0 of 0".
    expect(beyond.current_page).toBe(one.last_page);
    expect(beyond.data).toHaveLength(all.length - 20 * (one.last_page - 1));
  });

  it('filters by one account and searches invoice and account numbers', async () => {
    // The demo customer's main account: five years of monthly invoices (issue 15).
    const account = first(mine);
    expect(account.account_number).toBe('1000101');
    const byAccount = pageOf(await list({ accountId: account.account_id }));
    expect(byAccount.total).toBe(61);
    expect(byAccount.data.every((i) => i.account_id === account.account_id)).toBe(true);

    const target = first(byAccount.data);
    const byNumber = pageOf(await list({ search: target.invoice_number.toLowerCase() }));
    expect(byNumber.data.map((i) => i.cycle_log_id)).toEqual([target.cycle_log_id]);

    const byAccountNumber = pageOf(await list({ search: account.account_number }));
    expect(byAccountNumber.total).toBe(61);

    const wildcard = pageOf(await list({ search: '%' }));
    expect(wildcard).toMatchObject({ total: 0, last_page: 0, data: [] });
  });

  it('sorts by a column in either order and refuses unknown columns', async () => {
    const asc = pageOf(await list({ sort: 'total_amt_due', order: 'asc' })).data.map((i) => i.total_amt_due);
    expect([...asc].sort((a, b) => a - b)).toEqual(asc);
    const desc = pageOf(await list({ sort: 'total_amt_due', order: 'desc' })).data.map((i) => i.total_amt_due);
    expect([...desc].sort((a, b) => b - a)).toEqual(desc);
    expect(desc[0]).toBeGreaterThanOrEqual(asc[asc.length - 1] ?? 0);
    const numbers = pageOf(await list({ sort: 'invoice_number', order: 'asc' })).data.map((i) => i.invoice_number);
    expect([...numbers].sort()).toEqual(numbers);
    const bad = await list({ sort: 'password_hash', order: 'sideways' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(['order', 'sort']);
  });

  it("never lists another customer's invoices", async () => {
    const foreignInvoice = first(pageOf(await list({}, admin)).data);
    const search = pageOf(await list({ search: foreignInvoice.invoice_number }));
    expect(search.total).toBe(0);
    const res = await list({ accountId: first(theirs).account_id });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', data: null });
  });

  it('validates the payload and needs a token', async () => {
    const bad = await t.call('POST', '/api/invoices/get-invoices?page=0', {
      token: customer,
      body: { accountId: 'abc', search: 'x'.repeat(101) },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(bad.body.data as object).sort()).toEqual(['accountId', 'page', 'search']);
    expect((bad.body.data as Record<string, string[]>).accountId).toEqual(['This value should be a valid integer.']);
    const anonymous = await t.call('POST', '/api/invoices/get-invoices', { body: {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'INVALID_TOKEN', data: null });
  });
});

describe('invoices/get-balance-history', () => {
  const history = async () =>
    (await t.call('POST', '/api/invoices/get-balance-history', { token: customer })).body.data as BalanceHistory[];

  /** Ages the open amounts in JS, independently of the SQL. */
  async function expected(todayMs: number) {
    const today = Date.parse(new Date(todayMs).toISOString().slice(0, 10));
    const rows = await dbInvoices(mine.map((a) => a.account_id));
    const out = new Map<number, Record<string, number>>();
    for (const row of rows) {
      const b = out.get(row.account_id) ?? { '0-30': 0, '30-60': 0, '60-90': 0, '90+': 0, balance: 0 };
      const late = Math.round((today - Date.parse(row.due_date)) / 86_400_000);
      const bucket = late <= 30 ? '0-30' : late <= 60 ? '30-60' : late <= 90 ? '60-90' : '90+';
      b[bucket] = (b[bucket] ?? 0) + row.open;
      b.balance = (b.balance ?? 0) + row.open;
      out.set(row.account_id, b);
    }
    return out;
  }

  it('ages every account balance in 0-30, 30-60, 60-90 and 90+ buckets that add up to the balance', async () => {
    const rows = await history();
    expect(rows.map((r) => r.account_id).sort()).toEqual(mine.map((a) => a.account_id).sort());
    const want = await expected(t.clock.now());
    for (const row of rows) {
      expect(row.account.account_number).toMatch(/^\d+$/);
      const sum = row['0-30'] + row['30-60'] + row['60-90'] + row['90+'];
      expect(sum).toBeCloseTo(row.balance, 2);
      const w = want.get(row.account_id) ?? {};
      for (const key of ['0-30', '30-60', '60-90', '90+', 'balance'] as const)
        expect(row[key]).toBeCloseTo(w[key] ?? 0, 2);
    }
    // The demo customer owes on current, 1-2 month and 4 month old invoices (60-90 depends on the day of month).
    expect(rows.some((r) => r['0-30'] > 0 && r['30-60'] > 0 && r['90+'] > 0)).toBe(true);
  });

  it('ages by the injected clock', async () => {
    const before = await history();
    t.clock.advance(45 * 86_400_000);
    try {
      const after = await history();
      const want = await expected(t.clock.now());
      for (const row of after) expect(row['90+']).toBeCloseTo(want.get(row.account_id)?.['90+'] ?? 0, 2);
      const total = (rows: BalanceHistory[], key: '90+' | 'balance') => rows.reduce((s, r) => s + r[key], 0);
      expect(total(after, '90+')).toBeGreaterThan(total(before, '90+'));
      expect(total(after, 'balance')).toBeCloseTo(total(before, 'balance'), 2);
    } finally {
      t.clock.advance(-45 * 86_400_000);
    }
  });

  it('needs a token and shows nothing to a user without accounts', async () => {
    expect((await t.call('POST', '/api/invoices/get-balance-history')).body.code).toBe('INVALID_TOKEN');
    const none = await t.signIn('noaccounts@demo.test');
    const res = await t.call('POST', '/api/invoices/get-balance-history', { token: none });
    expect(res.body).toEqual({ data: [], code: 'SUCCESS', message: '' });
  });
});

describe('invoices/get-invoice', () => {
  const get = (body: object, token = customer) => t.call('POST', '/api/invoices/get-invoice', { token, body });

  it('returns the invoice with its charges and the days until due on the injected clock', async () => {
    const summary = first(pageOf(await list({ accountId: first(mine).account_id })).data);
    const res = await get({ accountId: summary.account_id, cycleLogId: summary.cycle_log_id });
    expect(res.status).toBe(200);
    const invoice = res.body.data as Invoice;
    expect(invoice).toMatchObject({
      ...summary,
      monthly_charges: expect.any(Number),
      balance_forward: expect.any(Number),
    });
    const parts =
      invoice.monthly_charges +
      invoice.late_payment_charges +
      invoice.adjustments +
      invoice.taxes_fees_other +
      invoice.governmental_charges +
      invoice.balance_forward;
    expect(parts).toBeCloseTo(invoice.total_amt_due, 2);
    const today = Date.parse(new Date(t.clock.now()).toISOString().slice(0, 10));
    expect(invoice.days_until_due).toBe(Math.round((Date.parse(invoice.due_date) - today) / 86_400_000));

    t.clock.advance(10 * 86_400_000);
    try {
      const later = (await get({ accountId: summary.account_id, cycleLogId: summary.cycle_log_id })).body
        .data as Invoice;
      expect(later.days_until_due).toBe(invoice.days_until_due - 10);
    } finally {
      t.clock.advance(-10 * 86_400_000);
    }
  });

  it("answers 'No invoice found.' for another customer's invoice, a wrong account, or no invoice", async () => {
    const foreign = first(pageOf(await list({}, admin)).data);
    const own = first(pageOf(await list({})).data);
    for (const body of [
      { accountId: foreign.account_id, cycleLogId: foreign.cycle_log_id },
      { accountId: own.account_id, cycleLogId: foreign.cycle_log_id },
      { accountId: foreign.account_id, cycleLogId: own.cycle_log_id },
      { accountId: own.account_id, cycleLogId: 2147483647 },
    ]) {
      const res = await get(body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ data: null, code: 'NOT_FOUND', message: 'No invoice found.' });
    }
  });

  it('validates ids and needs a token', async () => {
    const res = await get({ accountId: 0, cycleLogId: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      accountId: ['This value should be a valid integer.'],
      cycleLogId: ['This value should be a valid integer.'],
    });
    const missing = await get({});
    expect(Object.keys(missing.body.data as object).sort()).toEqual(['accountId', 'cycleLogId']);
    expect((await t.call('POST', '/api/invoices/get-invoice', { body: { accountId: 1, cycleLogId: 1 } })).status).toBe(
      401,
    );
  });
});
