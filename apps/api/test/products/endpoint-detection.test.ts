import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { products, type ChartData, type EdOrder, type EdStats } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let customer: string;

/** The first active order of a controller in (or, with `not`, outside) a user's accounts, with metric points. */
async function orderOf(email: string, controller: string, not = false) {
  const row = await t.db.one<{ base_order_id: number }>(
    `SELECT o.base_order_id FROM orders o JOIN products p ON p.product_cd = o.product_cd
      WHERE p.product_controller = $2 AND o.order_status_cd = 'A'
        AND o.account_id ${not ? 'NOT' : ''} IN (SELECT au.account_id FROM accounts_users au JOIN users u ON u.user_id = au.user_id WHERE u.email_nm = $1)
        AND EXISTS (SELECT 1 FROM metric_points m WHERE m.base_order_id = o.base_order_id)
      ORDER BY o.base_order_id LIMIT 1`,
    [email, controller],
  );
  if (!row) throw new Error(`no ${controller} order`);
  return row.base_order_id;
}

const get = (path: string, query: Record<string, string | number>, token: string | undefined = customer) =>
  t.call(
    'GET',
    `/api/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    { ...(token ? { token } : {}) },
  );

const day = 86400;
let ed: number;
let end: number;

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn('customer@demo.test');
  ed = await orderOf('customer@demo.test', 'ed');
  const last = await t.db.one<{ ts: number }>(
    'SELECT extract(epoch FROM max(ts))::bigint AS ts FROM metric_points WHERE base_order_id = $1',
    [ed],
  );
  end = Number(last?.ts ?? 0) + 60;
});
afterAll(() => t.close());

const expectNotFound = (res: Awaited<ReturnType<TestApp['call']>>) => {
  expect(res.status).toBe(404);
  expect(res.body).toMatchObject({ code: 'NOT_FOUND', data: null });
};

const checkTable = (table: ChartData, columns: string[]) => {
  expect(table[0]).toEqual(['Time', ...columns]);
  expect(table.length).toBeGreaterThan(1);
  expect(table.length - 1).toBeLessThanOrEqual(products.maxChartPoints);
};

const components = (baseOrderId: number) =>
  t.db.query<{ component_id: number; description: string; quantity: number; mrc_charges: number }>(
    'SELECT component_id, description, quantity, mrc_charges FROM order_components WHERE base_order_id = $1',
    [baseOrderId],
  );

describe('endpoint detection', () => {
  it('answers the order: licences, hardware-bound licences and the rate (mrc / quantity)', async () => {
    const res = await get('orders-ed/get-order-ed', { baseOrderId: ed });
    expect(res.status).toBe(200);
    const order = res.body.data as EdOrder;
    expect(order.base_order_id).toBe(ed);
    const licences = (await components(ed)).find((c) => c.description.startsWith('EDR licences'));
    expect(order.hasLicenses).toBe(true);
    expect(order.licenses_rate).toBeCloseTo(Number(licences?.mrc_charges) / Number(licences?.quantity), 3);
    expect(order.active_licenses).toBeGreaterThan(0);
    expect(order.active_licenses_hw).toBeGreaterThanOrEqual(0);
    expect(order.last_run_date).toBeGreaterThan(0);
  });

  it('answers the licence chart of a range', async () => {
    const res = await get('orders-ed/get-ed-stats', { baseOrderId: ed, startDate: end - 30 * day, endDate: end });
    expect(res.status).toBe(200);
    checkTable((res.body.data as EdStats).license, ['Active licences', 'Hardware-bound licences']);
  });

  it('an order without the licence component has no licences and a rate of 0', async () => {
    const licences = (await components(ed)).find((c) => c.description.startsWith('EDR licences'));
    await t.db.query('UPDATE order_components SET quantity = 0 WHERE component_id = $1', [licences?.component_id]);
    try {
      const order = (await get('orders-ed/get-order-ed', { baseOrderId: ed })).body.data as EdOrder;
      expect(order.hasLicenses).toBe(false);
      expect(order.licenses_rate).toBe(0);
    } finally {
      await t.db.query('UPDATE order_components SET quantity = $2 WHERE component_id = $1', [
        licences?.component_id,
        licences?.quantity,
      ]);
    }
  });

  it('refuses bad input, no token, another customer’s order and the wrong product', async () => {
    const bad = await get('orders-ed/get-ed-stats', { baseOrderId: ed, startDate: 0, endDate: 10 * 365 * day });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { endDate: ['The range is too long.'] } });
    expect((await get('orders-ed/get-order-ed', { baseOrderId: 'x' })).body.code).toBe('VALIDATION_ERROR');
    const anon = await get('orders-ed/get-order-ed', { baseOrderId: ed }, '');
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('INVALID_TOKEN');
    const theirs = await orderOf('customer@demo.test', 'ed', true);
    expectNotFound(await get('orders-ed/get-order-ed', { baseOrderId: theirs }));
    expectNotFound(await get('orders-ed/get-ed-stats', { baseOrderId: theirs, startDate: end - day, endDate: end }));
    const cv = await orderOf('customer@demo.test', 'cv');
    expectNotFound(await get('orders-ed/get-order-ed', { baseOrderId: cv }));
    expectNotFound(await get('orders-ed/get-ed-stats', { baseOrderId: cv, startDate: end - day, endDate: end }));
  });
});
