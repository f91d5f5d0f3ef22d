import { integration, type CollectionName } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { batch, newToken, statuses } from './kit.ts';

/**
 * The same steps for every collection, generated from one fixture each: create, unchanged on repeat,
 * update, an invalid item and (where items name other rows) an item naming a missing row beside a
 * valid one, and proof that the refused items wrote nothing. Who may call: batch-auth.test.ts.
 */

type Item = Record<string, unknown>;
interface Fixture {
  /** A valid item with this key. */
  item: (key: string) => Item;
  /** Fields whose new values make an update. */
  change: Item;
  /** A bad field value, and the errors it answers. */
  invalid: [Item, Record<string, string[]>];
  /** A key naming a row that does not exist, and the errors it answers (collections that name rows). */
  missing?: [Item, Record<string, string[]>];
}

const required = ['This value is required.'];
const notValid = ['This value is not valid.'];
const noAccount = { account_number: ['No account has this number.'] };
const time = (text: string) => `2026-11-0${text}T10:00:00Z`;

const fixtures: Record<CollectionName, Fixture> = {
  accounts: {
    item: (key) => ({ account_number: key, name: `Account ${key}`, company: 'GenCo' }),
    change: { name: 'Renamed', require_pin: true },
    invalid: [
      { account_status_cd: 'X', name: '' },
      { account_status_cd: notValid, name: required },
    ],
  },
  users: {
    item: (key) => ({ email_nm: key, first_nm: 'Gen', last_nm: 'User', accounts: [{ account_number: 'GEN-A1' }] }),
    change: { last_nm: 'Changed', accounts: [{ account_number: 'GEN-A1', is_account_admin: true }] },
    invalid: [{ first_nm: '' }, { first_nm: required }],
    missing: [
      { accounts: [{ account_number: 'NOPE-1' }] },
      { 'accounts.0.account_number': ['No account has this number.'] },
    ],
  },
  products: {
    item: (key) => ({
      product_cd: key,
      product: 'Generated product',
      short_product_name: 'Gen',
      product_group: 'Gen',
      product_controller: 'gen',
    }),
    change: { active: false },
    invalid: [{ product_controller: '' }, { product_controller: required }],
  },
  orders: {
    item: (key) => ({
      order_number: key,
      account_number: 'GEN-A1',
      product_cd: 'GENP',
      components: [{ component_key: 'c', description: 'Port', mrc_charges: '10.00' }],
    }),
    change: { customer_reference: 'PO-9', components: [] },
    invalid: [{ contract_start: '2026-13-01' }, { contract_start: ['This value should be a date (YYYY-MM-DD).'] }],
    missing: [{ product_cd: 'NOPE' }, { product_cd: ['No product has this code.'] }],
  },
  invoices: {
    item: (key) => ({
      invoice_number: key,
      account_number: 'GEN-A1',
      bill_date: '2026-10-01',
      due_date: '2026-10-31',
      // The charges add up to the total, and GEN-I1 has enough open for every payment the tests make.
      monthly_charges: '1000.00',
      total_amt_due: '1000.00',
      lines: [{ product_cd: 'GENP', order_number: 'GEN-O1', price: '10.00' }],
    }),
    change: { monthly_charges: '12.50', total_amt_due: '12.50', lines: [] },
    invalid: [
      { total_amt_due: '1.234' },
      { total_amt_due: ['This value should be a decimal number with at most 2 decimals.'] },
    ],
    missing: [
      { lines: [{ product_cd: 'GENP', order_number: 'NOPE', price: 1 }] },
      { 'lines.0.order_number': ['No order of this account has this number.'] },
    ],
  },
  payments: {
    item: (key) => ({
      payment_reference: key,
      account_number: 'GEN-A1',
      paid_at: time('1'),
      amount: '5.00',
      invoice_number: 'GEN-I1',
    }),
    change: { amount: '6.00' },
    invalid: [{ amount: 'five' }, { amount: ['This value should be a decimal number with at most 2 decimals.'] }],
    missing: [{ account_number: 'NOPE' }, noAccount],
  },
  notifications: {
    item: (key) => ({
      external_id: key,
      kind: 'maintenance',
      subject: 'Router upgrade',
      description_of_work: 'Upgrade.',
      ticket_number: 'CHG-G',
      window_start_time: '2026-12-01T02:00:00Z',
      window_end_time: '2026-12-01T04:00:00Z',
      account_numbers: ['GEN-A1'],
      order_numbers: ['GEN-O1'],
    }),
    change: { subject: 'Router upgrade (moved)', order_numbers: [] },
    invalid: [{ kind: 'storm' }, { kind: notValid }],
    missing: [
      { account_numbers: ['NOPE'], order_numbers: [] },
      { 'account_numbers.0': ['No account has this number.'] },
    ],
  },
  outages: {
    item: (key) => ({ external_id: key, message: 'Fiber cut' }),
    change: { active: false },
    invalid: [{ message: '' }, { message: required }],
  },
  tickets: {
    item: (key) => ({
      ticket_number: key,
      account_number: 'GEN-A1',
      order_number: 'GEN-O1',
      subject: 'Line down',
      status: 'Open',
      messages: [{ external_id: 'm1', author_name: 'NOC', body: 'Looking.', created_at: time('1') }],
    }),
    change: { status: 'Closed' },
    invalid: [
      { messages: [{ external_id: 'm1', author_name: 'NOC', body: 'x', created_at: 'yesterday' }] },
      { 'messages.0.created_at': ['This value should be an RFC 3339 time (2026-01-31T12:00:00Z).'] },
    ],
    missing: [{ order_number: 'NOPE' }, { order_number: ['No order of this account has this number.'] }],
  },
  'product-objects': {
    item: (key) => ({
      order_number: 'GEN-OB1',
      kind: 'storage_bucket',
      object_key: key,
      attributes: { size_bytes: 1024, num_objects: 2 },
    }),
    change: { attributes: { size_bytes: 2048, num_objects: 3 } },
    invalid: [
      { attributes: { size_bytes: -1, num_objects: 2 } },
      { 'attributes.size_bytes': ['This value should be greater than or equal to 0.'] },
    ],
    missing: [{ order_number: 'NOPE' }, { order_number: ['No order has this number.'] }],
  },
  'snmp-devices': {
    item: (key) => ({
      device_key: key,
      address: '192.0.2.10',
      version: '2c',
      community: 'gen-community',
      interfaces: [{ if_index: 1, order_number: 'GEN-NET1', object_key: '1' }],
    }),
    change: { interval_seconds: 30 },
    invalid: [{ interval_seconds: 2 }, { interval_seconds: ['This value should be greater than or equal to 5.'] }],
    missing: [
      { interfaces: [{ if_index: 1, order_number: 'NOPE', object_key: '1' }] },
      { 'interfaces.0.order_number': ['No order has this number.'] },
    ],
  },
  'prometheus-sources': {
    item: (key) => ({ source_key: key, url: 'http://127.0.0.1:9/prometheus', series: [] }),
    change: { url: 'http://127.0.0.1:9/other/', bearer_token: 'token-1' },
    invalid: [{ url: 'ftp://127.0.0.1/' }, { url: [integration.prometheusMessages.url] }],
    missing: [
      { series: [{ order_number: 'NOPE', metric: 'size_bytes', promql: 'vector(1)' }] },
      { 'series.0.order_number': ['No order has this number.'] },
    ],
  },
};

let t: TestApp;
let staff: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signIn(demoEmails.staff3);
  token = (await newToken(t, staff)).token;
  // The rows the fixtures name.
  for (const [collection, key] of [
    ['accounts', 'GEN-A1'],
    ['products', 'GENP'],
    ['orders', 'GEN-O1'],
    ['invoices', 'GEN-I1'],
  ] as const) {
    expect(statuses((await batch(t, token, collection, [fixtures[collection].item(key)])).results)).toEqual([
      'created',
    ]);
  }
  // The object storage order that product-objects' fixture names (buckets show on 'ob' pages only).
  const obProduct = { ...fixtures.products.item('GENOB'), product_controller: 'ob' };
  const obOrder = { ...fixtures.orders.item('GEN-OB1'), product_cd: 'GENOB' };
  expect(statuses((await batch(t, token, 'products', [obProduct])).results)).toEqual(['created']);
  expect(statuses((await batch(t, token, 'orders', [obOrder])).results)).toEqual(['created']);
  // The network order snmp-devices' fixture names (interfaces show on 'network' pages only).
  const netProduct = { ...fixtures.products.item('GENNET'), product_controller: 'network' };
  const netOrder = { ...fixtures.orders.item('GEN-NET1'), product_cd: 'GENNET' };
  expect(statuses((await batch(t, token, 'products', [netProduct])).results)).toEqual(['created']);
  expect(statuses((await batch(t, token, 'orders', [netOrder])).results)).toEqual(['created']);
});
afterAll(() => t.close());

/** Keys of one collection's test items: 1 created and updated, 2 valid beside the refused 3 and 4. */
const keyOf = (name: CollectionName, n: number) =>
  name === 'users' ? `gen${n}@genco.example` : `GEN-${name.slice(0, 3).toUpperCase()}-${n}`;

describe.each(integration.collectionNames)('%s batch', (name) => {
  const f = fixtures[name];
  const key = (n: number) => keyOf(name, n);
  // A token of its own per collection: a token starts at most 60 batches a minute.
  let own: string;
  beforeAll(async () => {
    own = (await newToken(t, staff)).token;
  });
  const run = async (items: Item[]) => (await batch(t, own, name, items)).results;

  it('creates, answers unchanged on repeat, updates, then unchanged again', async () => {
    expect(await run([f.item(key(1))])).toEqual([{ key: key(1), status: 'created' }]);
    expect(await run([f.item(key(1))])).toEqual([{ key: key(1), status: 'unchanged' }]);
    const changed = { ...f.item(key(1)), ...f.change };
    expect(await run([changed])).toEqual([{ key: key(1), status: 'updated' }]);
    expect(await run([changed])).toEqual([{ key: key(1), status: 'unchanged' }]);
  });

  it('refuses an invalid item and one naming a missing row, applies the valid one beside them', async () => {
    const [bad, badErrors] = f.invalid;
    const items = [{ ...f.item(key(3)), ...bad }, f.item(key(2))];
    const expected = [
      { key: key(3), status: 'invalid', errors: badErrors },
      { key: key(2), status: 'created' },
    ];
    if (f.missing) {
      items.push({ ...f.item(key(4)), ...f.missing[0] });
      expected.push({ key: key(4), status: 'invalid', errors: f.missing[1] });
    }
    expect(await run(items)).toEqual(expected);
    // The refused items wrote nothing: their keys are new when sent valid.
    const refused = f.missing ? [key(3), key(4)] : [key(3)];
    expect(statuses(await run(refused.map((k) => f.item(k))))).toEqual(refused.map(() => 'created'));
  });
});

describe('items applied side by side (PostgreSQL applies a few accounts at once)', () => {
  it('accounts sharing a new team member all apply; payments of one invoice sum exactly', async () => {
    const member = { email_nm: 'shared@provider.example', first_nm: 'Sam', last_nm: 'Hare', team_title: 'CSM' };
    const accounts = Array.from({ length: 24 }, (_, i) => ({
      ...fixtures.accounts.item(`GEN-SIDE-${i}`),
      team: [member],
    }));
    expect(statuses(await batch(t, token, 'accounts', accounts).then((r) => r.results))).toEqual(
      accounts.map(() => 'created'),
    );
    const paidOf = async () =>
      Number(
        (
          await t.db.one<{ amount_paid: string }>(
            `SELECT amount_paid::text AS amount_paid FROM invoices WHERE invoice_number = 'GEN-I1'`,
          )
        )?.amount_paid,
      );
    const before = await paidOf();
    const payments = Array.from({ length: 40 }, (_, i) => ({
      ...fixtures.payments.item(`GEN-SIDE-PAY-${i}`),
      amount: '0.25',
    }));
    expect(statuses((await batch(t, token, 'payments', payments)).results)).toEqual(payments.map(() => 'created'));
    // 40 × 0.25 more, to the cent (a lost update between two payments would leave less).
    expect((await paidOf()) - before).toBe(10);
  });
});
