import { execFileSync } from 'node:child_process';

import { parse as parseDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { invoices, type Account, type InvoiceSummary, type Paged } from '@portal/contract';

import { servicesCsv } from '../../src/modules/invoices/services-csv.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { download, first, parseCsv, twoCustomers } from './billing-fixtures.ts';
import { demoProvider } from '../../src/seed/provider.ts';

let t: TestApp, customer: string, admin: string, mine: Account[], theirs: Account[];
let invoice: InvoiceSummary;
let foreign: InvoiceSummary;

const page = async (token: string, body: object = {}) =>
  ((await t.call('POST', '/api/invoices/get-invoices', { token, body })).body.data as Paged<InvoiceSummary>).data;

beforeAll(async () => {
  ({ t, customer, admin, mine, theirs } = await twoCustomers());
  invoice = first((await page(customer)).filter((i) => i.is_downloadable));
  foreign = first(await page(admin));
});
afterAll(() => t.close());

const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
const dollars = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(n);

describe('invoices/download-invoice', () => {
  it('sends a real PDF named invoice-{account}-{invoice}-{yyyymmdd}.pdf holding the invoice facts', async () => {
    const res = await download(t, '/api/invoices/download-invoice', customer, {
      accountId: invoice.account_id,
      cycleLogId: invoice.cycle_log_id,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const name = `invoice-${invoice.account_number}-${invoice.invoice_number}-${invoice.bill_date.replaceAll('-', '')}.pdf`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename=${name}`);
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    const text = pdfText(res.bytes);
    expect(text).toContain(demoProvider.company_name);
    expect(text).toContain(invoice.invoice_number);
    expect(text).toContain(invoice.account_number);
    expect(text).toContain(invoice.account_name);
    expect(text).toContain(dollars(invoice.total_amt_due));
    const [y, m, d] = invoice.due_date.split('-');
    expect(text).toContain(`${m}.${d}.${y}`);
    for (const label of [
      'Monthly charges',
      'Late payment charges',
      'Adjustments',
      'Governmental charges',
      'Balance forward',
    ]) {
      expect(text).toContain(label);
    }
    // Every product line of the invoice is on the document.
    const products = (
      await t.call('POST', '/api/invoices/get-invoice-products', {
        token: customer,
        body: { accountId: invoice.account_id, cycleLogId: invoice.cycle_log_id },
      })
    ).body.data as { product: string; price: number }[];
    expect(products.length).toBeGreaterThan(0);
    for (const p of products) {
      expect(text).toContain(p.product);
      expect(text).toContain(dollars(p.price));
    }
  });

  it('offers no document for an invoice not marked is_downloadable', async () => {
    const locked = (await t.db.one<{ account_id: number; cycle_log_id: number }>(
      `SELECT account_id, cycle_log_id FROM invoices WHERE NOT is_downloadable AND account_id = ANY($1::int[]) LIMIT 1`,
      [mine.map((a) => a.account_id)],
    )) as { account_id: number; cycle_log_id: number };
    expect(locked).toBeDefined();
    const res = await download(t, '/api/invoices/download-invoice', customer, {
      accountId: locked.account_id,
      cycleLogId: locked.cycle_log_id,
    });
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
  });

  it("answers NOT_FOUND and no document for another customer's invoice", async () => {
    for (const body of [
      { accountId: foreign.account_id, cycleLogId: foreign.cycle_log_id },
      { accountId: invoice.account_id, cycleLogId: foreign.cycle_log_id },
    ]) {
      const res = await download(t, '/api/invoices/download-invoice', customer, body);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ data: null, code: 'NOT_FOUND', message: 'No invoice found.' });
    }
  });

  it('validates the payload and needs a token', async () => {
    const bad = await download(t, '/api/invoices/download-invoice', customer, { accountId: 'x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json().data).sort()).toEqual(['accountId', 'cycleLogId']);
    const anonymous = await download(t, '/api/invoices/download-invoice', undefined, {
      accountId: invoice.account_id,
      cycleLogId: invoice.cycle_log_id,
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json().code).toBe('INVALID_TOKEN');
  });
});

describe('invoices/download-invoice-product-history', () => {
  /** The account's invoice lines straight from the database, newest bill first. */
  const dbLines = (accountId: number) =>
    t.db.query<{ invoice_number: string; bill_date: string; product_cd: string; price: string }>(
      `SELECT i.invoice_number, to_char(i.bill_date, 'YYYY-MM-DD') AS bill_date, ip.product_cd,
              ip.price::numeric(14,2)::text AS price
         FROM invoice_products ip JOIN invoices i ON i.cycle_log_id = ip.cycle_log_id
        WHERE i.account_id = $1
        ORDER BY i.bill_date DESC, i.cycle_log_id DESC, ip.invoice_product_id`,
      [accountId],
    );

  it('streams Services-{account}.csv whose rows match the database', async () => {
    const account = first(mine);
    const res = await download(t, '/api/invoices/download-invoice-product-history', customer, {
      accountId: account.account_id,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename=Services-${account.account_number}.csv`);
    const text = res.bytes.toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...invoices.servicesCsvColumns]);
    const want = await dbLines(account.account_id);
    expect(want.length).toBeGreaterThan(13);
    expect(rows).toHaveLength(want.length);
    const column = (name: (typeof invoices.servicesCsvColumns)[number]) => invoices.servicesCsvColumns.indexOf(name);
    rows.forEach((row, i) => {
      const line = want[i] as (typeof want)[number];
      expect(row).toHaveLength(invoices.servicesCsvColumns.length);
      expect(row[column('Invoice Number')]).toBe(line.invoice_number);
      expect(row[column('Bill Date')]).toBe(line.bill_date);
      expect(row[column('Product Code')]).toBe(line.product_cd);
      expect(row[column('Price')]).toBe(line.price);
    });
  });

  it('pages by keyset: small batches give the same file as large ones', async () => {
    const account = first(mine).account_id;
    const collect = async (batch: number) => {
      let text = '';
      let chunks = 0;
      for await (const chunk of servicesCsv(t.db, account, batch)) {
        text += chunk;
        chunks += 1;
      }
      return { text, chunks };
    };
    const whole = await collect(100_000);
    const small = await collect(7);
    expect(small.text).toBe(whole.text);
    // The header, then per invoice one chunk per batch of at most 7 lines.
    const perInvoice = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM invoice_products ip JOIN invoices i ON i.cycle_log_id = ip.cycle_log_id
        WHERE i.account_id = $1 GROUP BY i.cycle_log_id`,
      [account],
    );
    expect(small.chunks).toBe(1 + perInvoice.reduce((sum, { n }) => sum + Math.ceil(n / 7), 0));
  });

  it("answers NOT_FOUND for another customer's account", async () => {
    const res = await download(t, '/api/invoices/download-invoice-product-history', customer, {
      accountId: first(theirs).account_id,
    });
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ data: null, code: 'NOT_FOUND' });
  });

  it('validates the payload and needs a token', async () => {
    const bad = await download(t, '/api/invoices/download-invoice-product-history', customer, { accountId: -3 });
    expect(bad.status).toBe(422);
    expect(bad.json().data).toEqual({ accountId: ['This value should be a valid integer.'] });
    const anonymous = await download(t, '/api/invoices/download-invoice-product-history', undefined, { accountId: 1 });
    expect(anonymous.status).toBe(401);
  });
});

describe('download names with any characters', () => {
  it('names the invoice PDF and the services CSV from numbers holding –, 請求書 and an emoji (RFC 6266/8187)', async () => {
    const account = mine.find((a) => a.account_id === invoice.account_id) as Account;
    await t.db.query('UPDATE accounts SET account_number = $2 WHERE account_id = $1', [account.account_id, 'Konto–7']);
    await t.db.query('UPDATE invoices SET invoice_number = $2 WHERE cycle_log_id = $1', [
      invoice.cycle_log_id,
      '請求書🧾',
    ]);
    try {
      const pdf = await download(t, '/api/invoices/download-invoice', customer, {
        accountId: invoice.account_id,
        cycleLogId: invoice.cycle_log_id,
      });
      expect(pdf.status, pdf.bytes.toString().slice(0, 300)).toBe(200);
      const day = invoice.bill_date.replaceAll('-', '');
      expect(pdf.headers['content-disposition']).toBe(
        `attachment; filename="invoice-Konto?7-?????-${day}.pdf"; filename*=UTF-8''invoice-Konto%E2%80%937-%E8%AB%8B%E6%B1%82%E6%9B%B8%F0%9F%A7%BE-${day}.pdf`,
      );
      expect(parseDisposition(pdf.headers['content-disposition'] as string).parameters.filename).toBe(
        `invoice-Konto–7-請求書🧾-${day}.pdf`,
      );
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

      const csv = await download(t, '/api/invoices/download-invoice-product-history', customer, {
        accountId: account.account_id,
      });
      expect(csv.status, csv.bytes.toString().slice(0, 300)).toBe(200);
      expect(csv.headers['content-disposition']).toBe(
        `attachment; filename="Services-Konto?7.csv"; filename*=UTF-8''Services-Konto%E2%80%937.csv`,
      );
      expect(parseCsv(csv.bytes.toString('utf8'))[0]).toEqual([...invoices.servicesCsvColumns]);
    } finally {
      await t.db.query('UPDATE accounts SET account_number = $2 WHERE account_id = $1', [
        account.account_id,
        account.account_number,
      ]);
      await t.db.query('UPDATE invoices SET invoice_number = $2 WHERE cycle_log_id = $1', [
        invoice.cycle_log_id,
        invoice.invoice_number,
      ]);
    }
  });
});
