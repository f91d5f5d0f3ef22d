import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { products, type ChartData, type OcOrder, type OcStats } from '@portal/contract';

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
let oc: number;
let end: number;

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn('customer@demo.test');
  oc = await orderOf('customer@demo.test', 'oc');
  const last = await t.db.one<{ ts: number }>(
    'SELECT extract(epoch FROM max(ts))::bigint AS ts FROM metric_points WHERE base_order_id = $1',
    [oc],
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

describe('open cloud', () => {
  it('answers the order: flags, latest usage and month-to-date spend', async () => {
    const res = await get('orders-oc/get-order-oc', { baseOrderId: oc });
    expect(res.status).toBe(200);
    const order = res.body.data as OcOrder;
    expect(order.base_order_id).toBe(oc);
    // The seed gives each order the first component (compute) and a random subset of the others.
    const rows = await t.db.query<{ description: string; quantity: number }>(
      'SELECT description, quantity FROM order_components WHERE base_order_id = $1',
      [oc],
    );
    const has = (prefix: string) => rows.some((c) => c.description.startsWith(prefix) && Number(c.quantity) > 0);
    expect(order).toMatchObject({
      instances_apply: true,
      volume_storage_apply: has('Volume storage'),
      snap_storage_apply: has('Snapshot storage'),
    });
    if (!order.snap_storage_apply) expect(order.mtd_spend.mtd_daily_snapshot_storage_mrc).toBe(0);
    expect(order.open_cloud.daily_vm_qty).toBeGreaterThan(0);
    expect(order.open_cloud.volume_storage_bytes).toBeGreaterThan(0);
    expect(order.open_cloud.snap_storage_bytes).toBeGreaterThan(0);
    expect(order.open_cloud.run_date).toBeGreaterThan(0);
    expect(order.mtd_spend.mtd_daily_vm_mrc).toBeGreaterThanOrEqual(0);
  });

  it('answers the charts of a range', async () => {
    const res = await get('orders-oc/get-oc-stats', { baseOrderId: oc, startDate: end - 30 * day, endDate: end });
    expect(res.status).toBe(200);
    const stats = res.body.data as OcStats;
    checkTable(stats.instance_count, ['Instances']);
    checkTable(stats.volume_storage, ['Volume storage']);
    checkTable(stats.snap_storage, ['Snapshot storage']);
    checkTable(stats.uncommitted_usage, ['Uncommitted instances']);
    expect(stats.uncommitted_usage.length).toBe(stats.instance_count.length);
    for (const row of stats.uncommitted_usage.slice(1)) expect(row[1]).toBeGreaterThanOrEqual(0);
    expect(stats.instance_type_count).toEqual([['Time', 'Instance types']]);
    expect(stats.startDate).toBe(end - 30 * day);
  });

  it('a component with no quantity (or none) does not apply', async () => {
    const compute = await t.db.one<{ component_id: number; quantity: number }>(
      `SELECT component_id, quantity FROM order_components WHERE base_order_id = $1 AND description LIKE 'Compute instances%'`,
      [oc],
    );
    await t.db.query('UPDATE order_components SET quantity = 0 WHERE component_id = $1', [compute?.component_id]);
    try {
      const order = (await get('orders-oc/get-order-oc', { baseOrderId: oc })).body.data as OcOrder;
      expect(order.instances_apply).toBe(false);
      expect(order.mtd_spend.mtd_daily_vm_mrc).toBe(0);
    } finally {
      await t.db.query('UPDATE order_components SET quantity = $2 WHERE component_id = $1', [
        compute?.component_id,
        compute?.quantity,
      ]);
    }
  });

  it('refuses bad input, no token, another customer’s order and the wrong product', async () => {
    const bad = await get('orders-oc/get-oc-stats', { baseOrderId: oc, startDate: 100, endDate: 50 });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { endDate: ['The end must be after the start.'] },
    });
    const badId = await get('orders-oc/get-order-oc', { baseOrderId: 'x' });
    expect(badId.body.code).toBe('VALIDATION_ERROR');
    const anon = await get('orders-oc/get-order-oc', { baseOrderId: oc }, '');
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('INVALID_TOKEN');
    const theirs = await orderOf('customer@demo.test', 'oc', true);
    expectNotFound(await get('orders-oc/get-order-oc', { baseOrderId: theirs }));
    expectNotFound(await get('orders-oc/get-oc-stats', { baseOrderId: theirs, startDate: end - day, endDate: end }));
    const ob = await orderOf('customer@demo.test', 'ob');
    expectNotFound(await get('orders-oc/get-order-oc', { baseOrderId: ob }));
    expectNotFound(await get('orders-oc/get-oc-stats', { baseOrderId: ob, startDate: end - day, endDate: end }));
  });
});
