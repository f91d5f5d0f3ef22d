import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type EdOrder, type EdStats } from '@portal/contract';

import { type TestApp } from '../helpers/test-app.ts';
import { checkTable, expectNotFound, openProduct, type ProductSuite } from './kit.ts';

let t: TestApp, ed: number, end: number;
let get: ProductSuite['get'], orderOf: ProductSuite['orderOf'], components: ProductSuite['components'];
beforeAll(async () => ({ t, order: ed, end, get, orderOf, components } = await openProduct('ed')));
afterAll(() => t.close());

const day = 86400;

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
