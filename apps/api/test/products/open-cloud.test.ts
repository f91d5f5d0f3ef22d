import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type OcOrder, type OcStats } from '@portal/contract';

import { type TestApp } from '../helpers/test-app.ts';
import { checkTable, expectNotFound, openProduct, type ProductSuite } from './kit.ts';

let t: TestApp, oc: number, end: number;
let get: ProductSuite['get'], orderOf: ProductSuite['orderOf'];
beforeAll(async () => ({ t, order: oc, end, get, orderOf } = await openProduct('oc')));
afterAll(() => t.close());

const day = 86400;

describe('open cloud', () => {
  it('answers the order: flags, latest usage and month-to-date spend', async () => {
    const res = await get('orders-oc/get-order-oc', { baseOrderId: oc });
    expect(res.status).toBe(200);
    const order = res.body.data as OcOrder;
    expect(order.base_order_id).toBe(oc);
    // The seed gives each order the first component (compute) and a random subset of the others.
    const rows = await t.db.query<{ description: string; quantity: number }>(
      'SELECT description, quantity FROM order_components WHERE base_order_id = $1 ORDER BY sort_order, component_id',
      [oc],
    );
    const has = (prefix: string) => rows.some((c) => c.description.startsWith(prefix) && Number(c.quantity) > 0);
    expect(order).toMatchObject({
      instances_apply: true,
      volume_storage_apply: has('Volume storage'),
      snap_storage_apply: has('Snapshot storage'),
    });
    expect(order.open_cloud.daily_vm_qty).toBeGreaterThan(0);
    expect(order.open_cloud.volume_storage_bytes).toBeGreaterThan(0);
    expect(order.open_cloud.snap_storage_bytes).toBeGreaterThan(0);
    expect(order.open_cloud.run_date).toBeGreaterThan(0);
    expect(order.mtd_spend.mtd_daily_vm_mrc).toBeGreaterThanOrEqual(0);
    // Decision 099: the page's charge cards read the order's billed components, which add up to its monthly charge.
    expect(order.charges.reduce((sum, c) => sum + c.mrc_charges, 0)).toBeCloseTo(order.mrc_charges, 2);
    expect(order.charges.map((c) => c.description)).toEqual(rows.map((c) => c.description));
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
    // One column per instance type, adding up to the instance count each day.
    const [header = [], ...rows] = stats.instance_type_count;
    const types = header.slice(1);
    expect(header[0]).toBe('Time');
    expect(types.length).toBeGreaterThanOrEqual(2);
    for (const type of types) expect(type).toMatch(/^[a-z]\d\.\w+$/);
    expect(stats.distinct_instance_types.length).toBeGreaterThanOrEqual(2);
    for (const type of stats.distinct_instance_types) expect(types).toContain(type);
    expect(rows.length).toBe(stats.instance_count.length - 1);
    rows.forEach((row, i) => {
      const total = stats.instance_count[i + 1];
      expect(row[0]).toBe(total?.[0]);
      expect(row.slice(1).reduce((a: number, v) => a + (typeof v === 'number' ? v : 0), 0)).toBe(total?.[1]);
    });
    expect(stats.startDate).toBe(end - 30 * day);
  });

  it('a component with no quantity (or none) does not apply', async () => {
    // Compute is always on the order; snapshot storage is on it or not, as the seed drew: none of either.
    const taken = await t.db.query<{ component_id: number; quantity: number }>(
      `SELECT component_id, quantity FROM order_components
        WHERE base_order_id = $1 AND (description LIKE 'Compute instances%' OR description LIKE 'Snapshot storage%')`,
      [oc],
    );
    await t.db.query('UPDATE order_components SET quantity = 0 WHERE component_id = ANY($1::int[])', [
      taken.map((c) => c.component_id),
    ]);
    try {
      const order = (await get('orders-oc/get-order-oc', { baseOrderId: oc })).body.data as OcOrder;
      expect(order.instances_apply).toBe(false);
      expect(order.mtd_spend.mtd_daily_vm_mrc).toBe(0);
      expect(order.snap_storage_apply).toBe(false);
      expect(order.mtd_spend.mtd_daily_snapshot_storage_mrc).toBe(0);
    } finally {
      for (const c of taken)
        await t.db.query('UPDATE order_components SET quantity = $2 WHERE component_id = $1', [
          c.component_id,
          c.quantity,
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
