import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type ChOrder, type ChStats } from '@portal/contract';

import { type TestApp } from '../helpers/test-app.ts';
import { checkTable, expectNotFound, openProduct, type ProductSuite } from './kit.ts';

let t: TestApp, ch: number, end: number;
let get: ProductSuite['get'], orderOf: ProductSuite['orderOf'], components: ProductSuite['components'];
beforeAll(async () => ({ t, order: ch, end, get, orderOf, components } = await openProduct('ch')));
afterAll(() => t.close());

const day = 86400;

describe('backup platform', () => {
  it("answers the order: flags, usage as measured, rate and charge from the order's components", async () => {
    const res = await get('orders-ch/get-order-ch', { baseOrderId: ch });
    expect(res.status).toBe(200);
    const order = res.body.data as ChOrder;
    expect(order.base_order_id).toBe(ch);
    // The seed gives each order the first component and a random subset of the others.
    const rows = await components(ch);
    const has = (prefix: string) => rows.some((c) => c.description.startsWith(prefix) && Number(c.quantity) > 0);
    expect(order).toMatchObject({
      backup_mgmt_applies: true,
      backup_storage_applies: has('Backup repository'),
      replication_storage_applies: has('Replication'),
    });
    const p = order.platform;
    const mgmt = rows.find((c) => c.description.startsWith('Backup management objects'));
    expect(p.backup_mgmt_objects_rate).toBeCloseTo(Number(mgmt?.mrc_charges) / Number(mgmt?.quantity), 3);
    expect(p.backup_mgmt_objects).toBeGreaterThan(0);
    expect(p.backup_storage_bytes).toBeGreaterThan(0);
    // Decision 099: each charge is its billed component's, so the cards add up to the order's monthly charge.
    const charge = (prefix: string) =>
      Number(rows.find((c) => c.description.startsWith(prefix) && Number(c.quantity) > 0)?.mrc_charges ?? 0);
    expect(p.backup_mgmt_objects_mrc).toBe(charge('Backup management objects'));
    expect(p.backup_storage_mrc).toBe(charge('Backup repository'));
    expect(p.replication_storage_mrc).toBe(charge('Replication'));
    const others = order.charges
      .filter((c) => !/^(Backup management objects|Backup repository|Replication)/.test(c.description))
      .reduce((sum, c) => sum + c.mrc_charges, 0);
    expect(p.backup_mgmt_objects_mrc + p.backup_storage_mrc + p.replication_storage_mrc + others).toBeCloseTo(
      order.mrc_charges,
      2,
    );
    expect(p.run_date).toBeGreaterThan(0);
  });

  it('answers the three charts of a range', async () => {
    const res = await get('orders-ch/get-ch-stats', { baseOrderId: ch, startDate: end - 30 * day, endDate: end });
    expect(res.status).toBe(200);
    const stats = res.body.data as ChStats;
    checkTable(stats.backup_mgmt, ['Backup objects']);
    checkTable(stats.backup_storage, ['Backup storage']);
    checkTable(stats.replication_storage, ['Replication storage']);
  });

  it('a part whose component is missing does not apply and charges nothing', async () => {
    // Management objects are always on the order; replication is on it or not, as the seed drew: none of either.
    const taken = (await components(ch)).filter((c) => /^(Backup management objects|Replication)/.test(c.description));
    await t.db.query('UPDATE order_components SET quantity = 0 WHERE component_id = ANY($1::int[])', [
      taken.map((c) => c.component_id),
    ]);
    try {
      const order = (await get('orders-ch/get-order-ch', { baseOrderId: ch })).body.data as ChOrder;
      expect(order.backup_mgmt_applies).toBe(false);
      expect(order.platform.backup_mgmt_objects_rate).toBe(0);
      expect(order.platform.backup_mgmt_objects_mrc).toBe(0);
      expect(order.replication_storage_applies).toBe(false);
      expect(order.platform.replication_storage_rate).toBe(0);
      expect(order.platform.replication_storage_mrc).toBe(0);
    } finally {
      for (const c of taken)
        await t.db.query('UPDATE order_components SET quantity = $2 WHERE component_id = $1', [
          c.component_id,
          c.quantity,
        ]);
    }
  });

  it('refuses bad input, no token, another customer’s order and the wrong product', async () => {
    const bad = await get('orders-ch/get-ch-stats', { baseOrderId: ch, startDate: 0, endDate: 10 * 365 * day });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { endDate: ['The range is too long.'] } });
    expect((await get('orders-ch/get-order-ch', { baseOrderId: 'x' })).body.code).toBe('VALIDATION_ERROR');
    const anon = await get('orders-ch/get-order-ch', { baseOrderId: ch }, '');
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('INVALID_TOKEN');
    const theirs = await orderOf('customer@demo.test', 'ch', true);
    expectNotFound(await get('orders-ch/get-order-ch', { baseOrderId: theirs }));
    expectNotFound(await get('orders-ch/get-ch-stats', { baseOrderId: theirs, startDate: end - day, endDate: end }));
    const oc = await orderOf('customer@demo.test', 'ob');
    expectNotFound(await get('orders-ch/get-order-ch', { baseOrderId: oc }));
    expectNotFound(await get('orders-ch/get-ch-stats', { baseOrderId: oc, startDate: end - day, endDate: end }));
  });
});
