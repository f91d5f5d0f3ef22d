import { integration } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { batch, newToken, statuses } from './kit.ts';

/**
 * Feeds that refuse what they cannot show truthfully (issue 34): each such item is `invalid` with its
 * field named and a message saying what is wrong; the other items of its batch are applied.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await newToken(t, await t.signIn(demoEmails.staff3))).token;
});
afterAll(async () => {
  await t.close();
});

const account = (n: string, extra: Record<string, unknown> = {}) => ({
  account_number: n,
  name: `Refusals ${n}`,
  company: 'Refusals Co',
  ...extra,
});

describe('item fields', () => {
  it('refuses a field the collection does not know, naming it, and applies the other items', async () => {
    const res = await batch(t, token, 'accounts', [
      account('9340001'),
      account('9340002', { credit_limit: 5000 }),
      account('9340003', {
        team: [{ email_nm: 'am@example.com', first_nm: 'A', last_nm: 'M', team_title: 'AM', fax: '1' }],
      }),
      account('9340004'),
    ]);
    expect(res.body.code).toBe('SUCCESS');
    expect(statuses(res.results)).toEqual(['created', 'invalid', 'invalid', 'created']);
    expect(res.results[1]?.errors).toEqual({ credit_limit: ['This field is not part of the accounts collection.'] });
    expect(res.results[2]?.errors).toEqual({ 'team.0.fax': ['This field is not part of the accounts collection.'] });
  });

  it('says a value of the wrong type is of the wrong type, and an over-long one names its maximum', async () => {
    const res = await batch(t, token, 'accounts', [
      account('9340011', { name: 42 }),
      account('9340012', { name: 'x'.repeat(201) }),
      { account_number: '9340013', company: 'Refusals Co' },
      account('9340014'),
    ]);
    expect(statuses(res.results)).toEqual(['invalid', 'invalid', 'invalid', 'created']);
    expect(res.results[0]?.errors).toEqual({ name: ['This value should be text.'] });
    expect(res.results[1]?.errors).toEqual({
      name: ['This value is too long: it should have 200 characters or fewer.'],
    });
    expect(res.results[2]?.errors).toEqual({ name: ['This value is required.'] });
  });

  it('says a number field sent as something else should be a number', async () => {
    await batch(t, token, 'accounts', [account('9340021')]);
    const res = await batch(t, token, 'payments', [
      { payment_reference: 'R-9340021-1', account_number: '9340021', paid_at: '2026-01-02T00:00:00Z', amount: true },
      { payment_reference: 'R-9340021-2', account_number: '9340021', paid_at: '2026-01-02T00:00:00Z' },
      { payment_reference: 'R-9340021-3', account_number: '9340021', paid_at: '2026-01-02T00:00:00Z', amount: 10 },
    ]);
    expect(statuses(res.results)).toEqual(['invalid', 'invalid', 'created']);
    expect(res.results[0]?.errors).toEqual({ amount: ['This value should be a number.'] });
    expect(res.results[1]?.errors).toEqual({ amount: ['This value is required.'] });
  });
});

describe('keys of one batch', () => {
  it('refuses the items that share a key, each naming the other, and applies the rest', async () => {
    const res = await batch(t, token, 'accounts', [
      account('9340031'),
      account('9340032', { name: 'First' }),
      account('9340033'),
      account('9340032', { name: 'Second' }),
    ]);
    expect(res.body.code).toBe('SUCCESS');
    expect(statuses(res.results)).toEqual(['created', 'invalid', 'created', 'invalid']);
    expect(res.results[1]).toEqual({
      key: '9340032',
      status: 'invalid',
      errors: { account_number: ['Also item 4 of this batch.'] },
    });
    expect(res.results[3]?.errors).toEqual({ account_number: ['Also item 2 of this batch.'] });
    expect(await t.db.one('SELECT count(*)::int AS n FROM accounts WHERE account_number = $1', ['9340032'])).toEqual({
      n: 0,
    });
  });

  it('tells users apart by email whatever its case', async () => {
    const res = await batch(t, token, 'users', [
      { email_nm: 'Twice@Example.com', first_nm: 'A', last_nm: 'B' },
      { email_nm: 'once@example.com', first_nm: 'A', last_nm: 'B' },
      { email_nm: 'twice@example.com', first_nm: 'C', last_nm: 'D' },
    ]);
    expect(statuses(res.results)).toEqual(['invalid', 'created', 'invalid']);
    expect(res.results[0]?.errors).toEqual({ email_nm: ['Also item 3 of this batch.'] });
  });
});

const im = integration.integrationMessages;
/** An ISO time `ms` milliseconds from the test clock's now. */
const fromNow = (ms: number) => new Date(t.clock.now() + ms).toISOString();
/** A calendar day `days` days from the test clock's today (UTC). */
const dayFromNow = (days: number) => new Date(t.clock.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An account with one product and an invoice of 100.00 (EUR) to pay. */
async function billedAccount(n: string) {
  await batch(t, token, 'accounts', [account(n, { currency: 'EUR' })]);
  await batch(t, token, 'products', [
    { product_cd: 'RULES', product: 'Rules', short_product_name: 'Rules', product_group: 'G', product_controller: 'c' },
  ]);
  const invoice = {
    invoice_number: `INV-${n}`,
    account_number: n,
    bill_date: '2026-10-01',
    due_date: '2026-10-31',
    monthly_charges: '90.00',
    taxes_fees_other: '10.00',
    total_amt_due: '100.00',
    lines: [{ product_cd: 'RULES', price: '90.00' }],
  };
  expect(statuses((await batch(t, token, 'invoices', [invoice])).results)).toEqual(['created']);
  return invoice;
}

describe('payments', () => {
  const pay = (n: string, reference: string, amount: string, extra: Record<string, unknown> = {}) => ({
    payment_reference: reference,
    account_number: n,
    paid_at: '2026-10-10T09:00:00Z',
    amount,
    invoice_number: `INV-${n}`,
    ...extra,
  });

  it('refuses an amount of zero or less, naming amount, and applies the others', async () => {
    await billedAccount('9340101');
    const res = await batch(t, token, 'payments', [
      pay('9340101', 'R-101-1', '0'),
      pay('9340101', 'R-101-2', '-5.00', { invoice_number: undefined }),
      pay('9340101', 'R-101-3', '5.00'),
    ]);
    expect(res.results).toEqual([
      { key: 'R-101-1', status: 'invalid', errors: { amount: ['This value should be more than 0.'] } },
      { key: 'R-101-2', status: 'invalid', errors: { amount: ['This value should be more than 0.'] } },
      { key: 'R-101-3', status: 'created' },
    ]);
  });

  it('refuses a payment beyond what its invoice has open, telling to send the surplus as a credit', async () => {
    await billedAccount('9340111');
    const res = await batch(t, token, 'payments', [
      pay('9340111', 'R-111-1', '60.00'),
      pay('9340111', 'R-111-2', '40.01'),
      pay('9340111', 'R-111-3', '40.00'),
      // The surplus, sent as the message says: without invoice_number, a credit of the account.
      pay('9340111', 'R-111-4', '0.01', { invoice_number: undefined }),
    ]);
    expect(res.results).toEqual([
      { key: 'R-111-1', status: 'created' },
      {
        key: 'R-111-2',
        status: 'invalid',
        errors: {
          amount: [
            "This payment is more than the invoice's open amount (40.00 EUR): send the surplus without invoice_number, as a credit.",
          ],
        },
      },
      { key: 'R-111-3', status: 'created' },
      { key: 'R-111-4', status: 'created' },
    ]);
    // A payment sent again counts only once: raising it is checked against what the others paid.
    const again = await batch(t, token, 'payments', [
      pay('9340111', 'R-111-3', '40.00'),
      pay('9340111', 'R-111-1', '60.01'),
    ]);
    expect(again.results).toEqual([
      { key: 'R-111-3', status: 'unchanged' },
      { key: 'R-111-1', status: 'invalid', errors: { amount: [im.beyondOpen('60.00 EUR')] } },
    ]);
    expect(
      await t.db.one(`SELECT amount_paid::text AS paid FROM invoices WHERE invoice_number = 'INV-9340111'`),
    ).toEqual({ paid: '100.00' });
  });

  it('refuses a payment made after now (the server clock), naming paid_at', async () => {
    await billedAccount('9340121');
    const res = await batch(t, token, 'payments', [
      pay('9340121', 'R-121-1', '1.00', { paid_at: fromNow(60_000) }),
      pay('9340121', 'R-121-2', '1.00', { paid_at: fromNow(-60_000) }),
    ]);
    expect(res.results).toEqual([
      { key: 'R-121-1', status: 'invalid', errors: { paid_at: ['This value should not be in the future.'] } },
      { key: 'R-121-2', status: 'created' },
    ]);
  });
});

describe('invoices', () => {
  it('refuses a due date before the bill date, a bill date too far ahead and a total off its charges', async () => {
    const invoice = await billedAccount('9340131');
    const item = (number: string, change: Record<string, unknown>) => ({
      ...invoice,
      invoice_number: number,
      ...change,
    });
    const res = await batch(t, token, 'invoices', [
      item('INV-131-1', { due_date: '2026-09-30' }),
      item('INV-131-2', { bill_date: dayFromNow(46), due_date: dayFromNow(76) }),
      item('INV-131-3', { bill_date: dayFromNow(45), due_date: dayFromNow(75) }),
      item('INV-131-4', { total_amt_due: '100.01' }),
      item('INV-131-5', { adjustments: '-0.01', total_amt_due: '99.99' }),
    ]);
    expect(res.results).toEqual([
      { key: 'INV-131-1', status: 'invalid', errors: { due_date: ['This value should be on or after bill_date.'] } },
      {
        key: 'INV-131-2',
        status: 'invalid',
        errors: { bill_date: ['This value should be at most 45 days after today.'] },
      },
      { key: 'INV-131-3', status: 'created' },
      {
        key: 'INV-131-4',
        status: 'invalid',
        errors: {
          total_amt_due: [
            'This value should be the sum of monthly_charges, late_payment_charges, adjustments, taxes_fees_other, governmental_charges and balance_forward (100.00).',
          ],
        },
      },
      { key: 'INV-131-5', status: 'created' },
    ]);
  });

  it('takes the days ahead from INTEGRATION_INVOICE_DAYS_AHEAD', async () => {
    const other = await createTestApp({ INTEGRATION_INVOICE_DAYS_AHEAD: '3' });
    try {
      const feed = (await newToken(other, await other.signIn(demoEmails.staff3))).token;
      await batch(other, feed, 'accounts', [account('9340141')]);
      const day = (days: number) => new Date(other.clock.now() + days * 86_400_000).toISOString().slice(0, 10);
      const item = (number: string, days: number) => ({
        invoice_number: number,
        account_number: '9340141',
        bill_date: day(days),
        due_date: day(days + 30),
        total_amt_due: '0',
      });
      const res = await batch(other, feed, 'invoices', [item('INV-141-1', 4), item('INV-141-2', 3)]);
      expect(res.results).toEqual([
        {
          key: 'INV-141-1',
          status: 'invalid',
          errors: { bill_date: ['This value should be at most 3 days after today.'] },
        },
        { key: 'INV-141-2', status: 'created' },
      ]);
    } finally {
      await other.close();
    }
  });
});

describe('users', () => {
  const outbox = (email: string) =>
    t.db.query<{ kind: string }>('SELECT kind FROM mail_outbox WHERE to_address = $1', [email]);

  it('are loaded without mail unless the item asks for the invitation; staff invite the rest later', async () => {
    await batch(t, token, 'accounts', [account('9340151')]);
    const user = (email: string, extra: Record<string, unknown> = {}) => ({
      email_nm: email,
      first_nm: 'Lo',
      last_nm: 'Aded',
      accounts: [{ account_number: '9340151' }],
      ...extra,
    });
    const res = await batch(t, token, 'users', [
      user('quiet@rules.example'),
      user('asked@rules.example', { send_invitation: true }),
      user('wrong@rules.example', { send_invitation: 'yes' }),
    ]);
    expect(res.results).toEqual([
      { key: 'quiet@rules.example', status: 'created' },
      { key: 'asked@rules.example', status: 'created' },
      { key: 'wrong@rules.example', status: 'invalid', errors: { send_invitation: ['This value is not valid.'] } },
    ]);
    expect(await outbox('quiet@rules.example')).toEqual([]);
    expect(await outbox('asked@rules.example')).toEqual([{ kind: 'set-password' }]);

    // Staff invite the rest later: invite-loaded-users.test.ts.
  });
});

describe('batches refused as a whole', () => {
  it('are recorded like the others, with their answer code and first field error', async () => {
    const { id, token: own } = await newToken(t, await t.signIn(demoEmails.staff3));
    const notABatch = await t.call('POST', '/api/integration/v1/accounts/batch', { token: own, body: { item: [] } });
    expect(notABatch.body.code).toBe('VALIDATION_ERROR');
    const tooMany = await batch(
      t,
      own,
      'payments',
      Array.from({ length: 1001 }, () => ({})),
    );
    expect(tooMany.body.code).toBe('VALIDATION_ERROR');
    const unreadable = await t.app.inject({
      method: 'POST',
      url: '/api/integration/v1/orders/batch',
      headers: { authorization: `Bearer ${own}`, 'content-type': 'application/json' },
      payload: '{"items": [',
    });
    expect(unreadable.json()).toMatchObject({ code: 'BAD_REQUEST' });
    const applied = await batch(t, own, 'accounts', [account('9340161')]);
    expect(statuses(applied.results)).toEqual(['created']);
    const staff = await t.signIn(demoEmails.staff3);
    const records = (await t.call('GET', '/api/integration/batches', { token: staff })).body.data as {
      token_name: string;
      collection: string;
      created: number;
      invalid: number;
      refused: string | null;
      refused_detail: string | null;
    }[];
    // Each counts toward the token's 60 batches a minute.
    expect(await t.db.one('SELECT count(*)::int AS n FROM integration_batches WHERE token_id = $1', [id])).toEqual({
      n: 4,
    });
    expect(
      records.slice(0, 4).map(({ collection, created, invalid, refused, refused_detail }) => ({
        collection,
        created,
        invalid,
        refused,
        refused_detail,
      })),
    ).toEqual([
      { collection: 'accounts', created: 1, invalid: 0, refused: null, refused_detail: null },
      { collection: 'orders', created: 0, invalid: 0, refused: 'BAD_REQUEST', refused_detail: null },
      {
        collection: 'payments',
        created: 0,
        invalid: 0,
        refused: 'VALIDATION_ERROR',
        refused_detail: 'items: You must select 1000 choices or fewer.',
      },
      {
        collection: 'accounts',
        created: 0,
        invalid: 0,
        refused: 'VALIDATION_ERROR',
        refused_detail: 'items: This value is required.',
      },
    ]);
  });
});
