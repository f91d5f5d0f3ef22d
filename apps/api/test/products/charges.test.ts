import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ProductOrder } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectNotFound, getCall, orderOf } from './kit.ts';

/**
 * Decision 099: every product page's order answer carries the order's facts and its billed components,
 * whose charges add up to the order's monthly charge (the total of the page's charges table), with each
 * rate the component's charge over its quantity (to 6 decimals). One line per product page's order call.
 */
const orderCalls: [controller: string, path: string][] = [
  ['usage-based', 'usage-based/get-usage-order'],
  ['ob', 'orders-ob/get-order-ob'],
  ['network', 'network/get-network-order'],
  ['resource-pool', 'resource-pools/get-resource-pool-order'],
  ['oc', 'orders-oc/get-order-oc'],
  ['ch', 'orders-ch/get-order-ch'],
  ['cv', 'orders-cv/get-order-cv'],
  ['ed', 'orders-ed/get-order-ed'],
  ['bs', 'orders-bs/get-order-bs'],
];

let t: TestApp;
let customer: string;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn('customer@demo.test');
  admin = await t.signIn('admin@demo.test');
});
afterAll(() => t.close());

/** The first order of a controller that one of the two demo sign-ins holds, with that sign-in's token. */
async function holder(controller: string) {
  for (const [email, token] of [
    ['customer@demo.test', customer],
    ['admin@demo.test', admin],
  ] as const) {
    const id = await orderOf(t, email, controller).catch(() => undefined);
    if (id !== undefined) return { id, token, email };
  }
  throw new Error(`no demo order for ${controller}`);
}

describe('product order answers: facts and billed components', () => {
  for (const [controller, path] of orderCalls) {
    it(`${controller}: the components add up to the order's monthly charge`, async () => {
      const { id, token, email } = await holder(controller);
      const res = await getCall(t, path, { baseOrderId: id }, token);
      expect(res.status).toBe(200);
      const order = res.body.data as ProductOrder;
      const row = await t.db.one<{ mrc_charges: number; uss_circuit_id: string | null; customer_ref: string | null }>(
        'SELECT mrc_charges, uss_circuit_id, customer_ref FROM orders WHERE base_order_id = $1',
        [id],
      );
      expect(order).toMatchObject({
        base_order_id: id,
        mrc_charges: Number(row?.mrc_charges),
        uss_circuit_id: row?.uss_circuit_id ?? null,
        customer_ref: row?.customer_ref ?? null,
      });
      const components = await t.db.query<{ component_id: number; quantity: number; mrc_charges: number }>(
        'SELECT component_id, quantity, mrc_charges FROM order_components WHERE base_order_id = $1 ORDER BY sort_order, component_id',
        [id],
      );
      expect(order.charges.map((c) => c.component_id)).toEqual(components.map((c) => c.component_id));
      expect(order.charges.length).toBeGreaterThan(0);
      const total = order.charges.reduce((sum, c) => sum + c.mrc_charges, 0);
      expect(total).toBeCloseTo(order.mrc_charges, 2);
      for (const c of order.charges)
        if (c.quantity > 0)
          expect(Math.abs(c.rate * c.quantity - c.mrc_charges)).toBeLessThanOrEqual(c.quantity * 5e-7 + 0.005);
      // Another customer's order of the same product answers NOT_FOUND.
      const theirs = await orderOf(t, email, controller, true);
      expectNotFound(await getCall(t, path, { baseOrderId: theirs }, token));
    });
  }

  it("a component's own rate (as the integration feed may send it) is the rate answered", async () => {
    const { id, token } = await holder('cv');
    const vms = await t.db.one<{ component_id: number; rate: number | null }>(
      `SELECT component_id, rate FROM order_components WHERE base_order_id = $1 AND description LIKE 'Protected virtual machines%'`,
      [id],
    );
    await t.db.query('UPDATE order_components SET rate = 4.125 WHERE component_id = $1', [vms?.component_id]);
    try {
      const order = (await getCall(t, 'orders-cv/get-order-cv', { baseOrderId: id }, token)).body
        .data as ProductOrder & {
        per_vm_rate: number;
      };
      expect(order.charges.find((c) => c.component_id === vms?.component_id)?.rate).toBe(4.125);
      expect(order.per_vm_rate).toBe(4.125);
    } finally {
      await t.db.query('UPDATE order_components SET rate = $2 WHERE component_id = $1', [vms?.component_id, vms?.rate]);
    }
  });
});
