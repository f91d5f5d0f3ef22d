import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { batch, newToken, signInFedUser, statuses } from './kit.ts';

let t: TestApp;
let token: string;
const pdf = Buffer.from('%PDF-1.4\n% provider invoice\n%%EOF\n').toString('base64');

beforeAll(async () => {
  t = await createTestApp();
  token = (await newToken(t, await t.signIn(demoEmails.staff3))).token;
  await batch(t, token, 'accounts', [{ account_number: '9300001', name: 'Billing test', company: 'Umbrella' }]);
  await batch(t, token, 'products', [
    {
      product_cd: 'VOICE1',
      product: 'Voice',
      short_product_name: 'Voice',
      product_group: 'Voice',
      product_controller: 'voice',
    },
  ]);
  await batch(t, token, 'orders', [{ order_number: 'ORD-B1', account_number: '9300001', product_cd: 'VOICE1' }]);
});
afterAll(() => t.close());

const invoice = {
  invoice_number: 'INV-9300001-01',
  account_number: '9300001',
  bill_date: '2026-10-01',
  due_date: '2026-10-31',
  monthly_charges: '100.10',
  taxes_fees_other: 0.2,
  total_amt_due: '100.30',
  lines: [{ product_cd: 'VOICE1', order_number: 'ORD-B1', description: 'Voice lines', price: '100.10' }],
};

describe('invoices batch', () => {
  it('creates with lines, repeats unchanged, updates amounts exactly, keeps the provider PDF', async () => {
    expect((await batch(t, token, 'invoices', [invoice])).results).toEqual([
      { key: 'INV-9300001-01', status: 'created' },
    ]);
    expect(statuses((await batch(t, token, 'invoices', [invoice])).results)).toEqual(['unchanged']);
    const withPdf = { ...invoice, total_amt_due: 100.3, pdf };
    expect(statuses((await batch(t, token, 'invoices', [withPdf])).results)).toEqual(['updated']);
    expect(statuses((await batch(t, token, 'invoices', [withPdf])).results)).toEqual(['unchanged']);
    const row = await t.db.one(
      `SELECT i.total_amt_due::text AS total, i.taxes_fees_other::text AS taxes, p.description, p.price::text AS price,
         length(d.pdf) AS pdf_bytes
       FROM invoices i JOIN invoice_products p ON p.cycle_log_id = i.cycle_log_id
       JOIN invoice_documents d ON d.cycle_log_id = i.cycle_log_id WHERE i.invoice_number = 'INV-9300001-01'`,
    );
    expect(row).toEqual({
      total: '100.30',
      taxes: '0.20',
      description: 'Voice lines',
      price: '100.1000',
      pdf_bytes: Buffer.from(pdf, 'base64').length,
    });

    // The customer downloads the provider's document, not one the portal renders.
    await batch(t, token, 'users', [
      { email_nm: 'payer@umbrella.example', first_nm: 'Pay', last_nm: 'Er', accounts: [{ account_number: '9300001' }] },
    ]);
    const user = await signInFedUser(t, 'payer@umbrella.example');
    const ids = await t.db.one<{ account_id: number; cycle_log_id: number }>(
      `SELECT account_id, cycle_log_id FROM invoices WHERE invoice_number = 'INV-9300001-01'`,
    );
    const download = await t.call('POST', '/api/invoices/download-invoice', {
      token: user,
      body: { accountId: ids?.account_id, cycleLogId: ids?.cycle_log_id },
    });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.raw).toBe(Buffer.from(pdf, 'base64').toString());
  });

  it('refuses missing products, orders of another account, bad decimals and dates, beside a valid item', async () => {
    const res = await batch(t, token, 'invoices', [
      { ...invoice, invoice_number: 'INV-X1', lines: [{ product_cd: 'NOPE', order_number: 'ORD-NOPE', price: 1 }] },
      { ...invoice, invoice_number: 'INV-X2', account_number: '9999999' },
      { ...invoice, invoice_number: 'INV-X3', total_amt_due: 1.005, bill_date: '01/10/2026', pdf: 'not a pdf' },
      { ...invoice, invoice_number: 'INV-X4' },
    ]);
    expect(res.results).toEqual([
      {
        key: 'INV-X1',
        status: 'invalid',
        errors: {
          'lines.0.product_cd': ['No product has this code.'],
          'lines.0.order_number': ['No order of this account has this number.'],
        },
      },
      { key: 'INV-X2', status: 'invalid', errors: { account_number: ['No account has this number.'] } },
      {
        key: 'INV-X3',
        status: 'invalid',
        errors: {
          bill_date: ['This value should be a date (YYYY-MM-DD).'],
          total_amt_due: ['This value should be a decimal number with at most 2 decimals.'],
          pdf: ['This value should be a PDF document in base64.'],
        },
      },
      { key: 'INV-X4', status: 'created' },
    ]);
  });
});

describe('payments batch', () => {
  it('creates, repeats unchanged (any offset of the same instant), updates, refuses unknown invoices', async () => {
    const payment = {
      payment_reference: 'PAY-1',
      account_number: '9300001',
      paid_at: '2026-10-20T10:00:00+02:00',
      amount: '50.00',
      invoice_number: 'INV-9300001-01',
    };
    expect((await batch(t, token, 'payments', [payment])).results).toEqual([{ key: 'PAY-1', status: 'created' }]);
    const same = { ...payment, paid_at: '2026-10-20T08:00:00Z', amount: 50 };
    expect(statuses((await batch(t, token, 'payments', [same])).results)).toEqual(['unchanged']);
    expect(statuses((await batch(t, token, 'payments', [{ ...payment, amount: '60' }])).results)).toEqual(['updated']);
    const res = await batch(t, token, 'payments', [
      { ...payment, payment_reference: 'PAY-2', invoice_number: 'INV-NOPE' },
      { ...payment, payment_reference: 'PAY-3', paid_at: '2026-10-20' },
    ]);
    expect(res.results).toEqual([
      { key: 'PAY-2', status: 'invalid', errors: { invoice_number: ['No invoice of this account has this number.'] } },
      {
        key: 'PAY-3',
        status: 'invalid',
        errors: { paid_at: ['This value should be an RFC 3339 time (2026-01-31T12:00:00Z).'] },
      },
    ]);
  });
});

describe('notifications, outages and tickets batches', () => {
  const notification = {
    external_id: 'N-1',
    kind: 'maintenance',
    subject: 'Core router upgrade',
    description_of_work: 'Software upgrade of the core routers.',
    ticket_number: 'CHG-1',
    window_start_time: '2026-12-01T02:00:00Z',
    window_end_time: '2026-12-01T04:00:00Z',
    account_numbers: ['9300001'],
    order_numbers: ['ORD-B1'],
  };

  it('notifications: create, unchanged, update; recipients and circuits; missing accounts and orders', async () => {
    expect(statuses((await batch(t, token, 'notifications', [notification])).results)).toEqual(['created']);
    expect(statuses((await batch(t, token, 'notifications', [notification])).results)).toEqual(['unchanged']);
    const updated = await batch(t, token, 'notifications', [
      { ...notification, subject: 'Core router upgrade (moved)' },
    ]);
    expect(statuses(updated.results)).toEqual(['updated']);
    const recipients = await t.db.query(
      `SELECT a.account_number, e.circuit_ids FROM cmc_contact_emails e JOIN accounts a ON a.account_id = e.account_id
         JOIN cmc_contact_batches b ON b.batch_id = e.batch_id WHERE b.external_id = 'N-1'`,
    );
    expect(recipients).toEqual([{ account_number: '9300001', circuit_ids: 'ORD-B1' }]);
    const bad = await batch(t, token, 'notifications', [
      { ...notification, external_id: 'N-2', account_numbers: ['9999999'], order_numbers: ['ORD-B1'] },
    ]);
    expect(bad.results[0]?.errors).toEqual({
      'account_numbers.0': ['No account has this number.'],
      'order_numbers.0': ['No order of the listed accounts has this number.'],
    });
  });

  it('outages: active shows the banner, inactive ends it', async () => {
    expect(
      statuses((await batch(t, token, 'outages', [{ external_id: 'O-1', message: 'Fiber cut' }])).results),
    ).toEqual(['created']);
    expect(
      statuses((await batch(t, token, 'outages', [{ external_id: 'O-1', message: 'Fiber cut' }])).results),
    ).toEqual(['unchanged']);
    const ended = await batch(t, token, 'outages', [{ external_id: 'O-1', message: 'Fiber cut', active: false }]);
    expect(statuses(ended.results)).toEqual(['updated']);
    t.clock.advance(1000);
    expect(await t.db.one(`SELECT ends_at IS NOT NULL AS ended FROM outages WHERE external_id = 'O-1'`)).toEqual({
      ended: true,
    });
  });

  it('tickets: messages by their provider id, portal replies kept, missing orders refused', async () => {
    const ticket = {
      ticket_number: 'T-9300001-1',
      account_number: '9300001',
      order_number: 'ORD-B1',
      subject: 'Line down',
      status: 'Open',
      messages: [
        { external_id: 'm1', author_name: 'NOC', body: 'We are looking into it.', created_at: '2026-11-01T10:00:00Z' },
      ],
    };
    expect(statuses((await batch(t, token, 'tickets', [ticket])).results)).toEqual(['created']);
    expect(statuses((await batch(t, token, 'tickets', [ticket])).results)).toEqual(['unchanged']);
    const more = {
      ...ticket,
      status: 'Pending Customer',
      request_customer_response: true,
      messages: [
        ...ticket.messages,
        { external_id: 'm2', author_name: 'NOC', body: 'Please reboot.', created_at: '2026-11-01T11:00:00Z' },
      ],
    };
    expect(statuses((await batch(t, token, 'tickets', [more])).results)).toEqual(['updated']);
    expect(statuses((await batch(t, token, 'tickets', [more])).results)).toEqual(['unchanged']);
    const row = await t.db.one(
      `SELECT t.status, t.request_customer_response, (SELECT count(*)::int FROM ticket_messages m WHERE m.ticket_id = t.ticket_id) AS n
         FROM tickets t WHERE ticket_number = 'T-9300001-1'`,
    );
    expect(row).toEqual({ status: 'Pending Customer', request_customer_response: true, n: 2 });
    const bad = await batch(t, token, 'tickets', [{ ...ticket, ticket_number: 'T-X', order_number: 'ORD-NOPE' }]);
    expect(bad.results).toEqual([
      { key: 'T-X', status: 'invalid', errors: { order_number: ['No order of this account has this number.'] } },
    ]);
  });
});
