import type { BalanceHistory, InvoiceSummary, Paged } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { batch, newToken, signInFedUser, statuses } from './kit.ts';

let t: TestApp;
let token: string;
let user: string;
const day = (offset: number) => new Date(t.clock.now() + offset * 86_400_000).toISOString().slice(0, 10);
const invoice = (n: string, due: number, total: string) => ({
  invoice_number: n,
  account_number: '9400001',
  bill_date: day(due - 30),
  due_date: day(due),
  monthly_charges: total,
  total_amt_due: total,
});
const payment = (ref: string, invoiceNumber: string, amount: string) => ({
  payment_reference: ref,
  account_number: '9400001',
  paid_at: new Date(t.clock.now()).toISOString(),
  amount,
  invoice_number: invoiceNumber,
});

beforeAll(async () => {
  t = await createTestApp();
  token = (await newToken(t, await t.signIn(demoEmails.staff3))).token;
  await batch(t, token, 'accounts', [{ account_number: '9400001', name: 'Status test', company: 'Hooli' }]);
  await batch(t, token, 'users', [
    { email_nm: 'ap@hooli.example', first_nm: 'A', last_nm: 'P', accounts: [{ account_number: '9400001' }] },
  ]);
  user = await signInFedUser(t, 'ap@hooli.example');
});
afterAll(() => t.close());

describe('invoice status from payments and due dates', () => {
  it('answers paid, partly paid, unpaid and overdue, consistent with the aged balance', async () => {
    const fed = await batch(t, token, 'invoices', [
      invoice('S-PAID', 10, '100.00'),
      invoice('S-PART', 10, '100.00'),
      invoice('S-OPEN', 10, '100.00'),
      invoice('S-LATE', -45, '80.00'),
      invoice('S-LATE-PART', -5, '50.00'),
    ]);
    expect(statuses(fed.results)).toEqual(['created', 'created', 'created', 'created', 'created']);
    const paid = await batch(t, token, 'payments', [
      payment('P1', 'S-PAID', '60.00'),
      payment('P2', 'S-PAID', '40.00'),
      payment('P3', 'S-PART', '25.50'),
      payment('P4', 'S-LATE-PART', '10.00'),
    ]);
    expect(statuses(paid.results)).toEqual(['created', 'created', 'created', 'created']);

    const list = await t.call('POST', '/api/invoices/get-invoices', { token: user, body: {} });
    const byNumber = Object.fromEntries(
      (list.body.data as Paged<InvoiceSummary>).data.map((i) => [i.invoice_number, [i.status, i.amount_paid]]),
    );
    expect(byNumber).toEqual({
      'S-PAID': ['paid', 100],
      'S-PART': ['partly paid', 25.5],
      'S-OPEN': ['unpaid', 0],
      'S-LATE': ['overdue', 0],
      'S-LATE-PART': ['overdue', 10],
    });

    // The aged balance adds up exactly the open amounts of the invoices that are not paid.
    const history = await t.call('GET', '/api/invoices/get-balance-history', { token: user });
    expect(history.body.data as BalanceHistory[]).toEqual([
      {
        account_id: expect.any(Number),
        account: { account_number: '9400001', name: 'Status test' },
        currency: 'USD',
        '0-30': 74.5 + 100 + 40,
        '30-60': 80,
        '60-90': 0,
        '90+': 0,
        balance: 294.5,
      },
    ]);

    // Moving a payment to another invoice moves the paid amounts with it.
    await batch(t, token, 'payments', [payment('P2', 'S-OPEN', '40.00')]);
    const ids = await t.db.one<{ account_id: number; cycle_log_id: number }>(
      `SELECT account_id, cycle_log_id FROM invoices WHERE invoice_number = 'S-PAID'`,
    );
    const detail = await t.call('POST', '/api/invoices/get-invoice', {
      token: user,
      body: { accountId: ids?.account_id, cycleLogId: ids?.cycle_log_id },
    });
    expect(detail.body.data).toMatchObject({ status: 'partly paid', amount_paid: 60 });

    // Time passing turns an open invoice overdue.
    t.clock.advance(11 * 86_400_000);
    const later = await t.call('POST', '/api/invoices/get-invoice', {
      token: user,
      body: { accountId: ids?.account_id, cycleLogId: ids?.cycle_log_id },
    });
    expect(later.body.data).toMatchObject({ status: 'overdue' });
  });
});

describe('payments without an invoice', () => {
  it('are kept as a credit of the account: they lower its balance, aged from the day paid, and no invoice', async () => {
    await batch(t, token, 'accounts', [{ account_number: '9400002', name: 'Credit test', company: 'Hooli' }]);
    await batch(t, token, 'users', [
      { email_nm: 'ar@hooli.example', first_nm: 'A', last_nm: 'R', accounts: [{ account_number: '9400002' }] },
    ]);
    const ar = await signInFedUser(t, 'ar@hooli.example');
    const on = (item: Record<string, unknown>) => ({ ...item, account_number: '9400002' });
    await batch(t, token, 'invoices', [on(invoice('C-OPEN', 10, '100.00')), on(invoice('C-LATE', -40, '80.00'))]);
    const unapplied = (ref: string, amount: string, daysAgo = 0) => {
      const { invoice_number: _, ...rest } = payment(ref, '', amount);
      return on({ ...rest, paid_at: new Date(t.clock.now() - daysAgo * 86_400_000).toISOString() });
    };
    const balance = async () =>
      ((await t.call('GET', '/api/invoices/get-balance-history', { token: ar })).body.data as BalanceHistory[])[0];
    const statusOf = async () =>
      Object.fromEntries(
        (
          (await t.call('POST', '/api/invoices/get-invoices', { token: ar, body: {} })).body
            .data as Paged<InvoiceSummary>
        ).data.map((i) => [i.invoice_number, [i.status, i.amount_paid]]),
      );

    expect((await batch(t, token, 'payments', [unapplied('U1', '30.00')])).results).toEqual([
      { key: 'U1', status: 'created' },
    ]);
    expect(statuses((await batch(t, token, 'payments', [unapplied('U1', '30')])).results)).toEqual(['unchanged']);
    expect(await balance()).toMatchObject({ '0-30': 70, '30-60': 80, '60-90': 0, '90+': 0, balance: 150 });
    // The provider applied it to no invoice: the invoices say what they said.
    expect(await statusOf()).toEqual({ 'C-OPEN': ['unpaid', 0], 'C-LATE': ['overdue', 0] });

    // A credit paid 45 days ago ages in 30-60, and the buckets still add up to the balance.
    expect(statuses((await batch(t, token, 'payments', [unapplied('U2', '20.00', 45)])).results)).toEqual(['created']);
    expect(await balance()).toMatchObject({ '0-30': 70, '30-60': 60, balance: 130 });

    // Applied later to an invoice, it moves from the account's credit to the invoice, and back.
    const applied = { ...unapplied('U1', '30.00'), invoice_number: 'C-OPEN' };
    expect(statuses((await batch(t, token, 'payments', [applied])).results)).toEqual(['updated']);
    expect(await statusOf()).toEqual({ 'C-OPEN': ['partly paid', 30], 'C-LATE': ['overdue', 0] });
    expect(await balance()).toMatchObject({ '0-30': 70, '30-60': 60, balance: 130 });
    expect(statuses((await batch(t, token, 'payments', [unapplied('U1', '30.00')])).results)).toEqual(['updated']);
    expect(await statusOf()).toEqual({ 'C-OPEN': ['unpaid', 0], 'C-LATE': ['overdue', 0] });
    expect(await balance()).toMatchObject({ '0-30': 70, '30-60': 60, balance: 130 });
  });
});
