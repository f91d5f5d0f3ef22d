import { expect } from 'vitest';

import { products, type ChartData } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** The first active order of a controller in (or, with `not`, outside) a user's accounts, with metric points. */
export async function orderOf(t: TestApp, email: string, controller: string, not = false) {
  const row = await t.db.one<{ base_order_id: number }>(
    `SELECT o.base_order_id FROM orders o JOIN products p ON p.product_cd = o.product_cd
      WHERE p.product_controller = $2 AND o.order_status_cd = 'A'
        AND o.account_id ${not ? 'NOT' : ''} IN (SELECT au.account_id FROM accounts_users au JOIN users u ON u.user_id = au.user_id WHERE u.email_nm = $1)
        AND EXISTS (SELECT 1 FROM metric_series m WHERE m.base_order_id = o.base_order_id)
      ORDER BY o.base_order_id LIMIT 1`,
    [email, controller],
  );
  if (!row) throw new Error(`no ${controller} order`);
  return row.base_order_id;
}

/** A GET product call with its input in the query string. */
export const getCall = (t: TestApp, path: string, query: Record<string, string | number>, token?: string) =>
  t.call(
    'GET',
    `/api/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    { ...(token ? { token } : {}) },
  );

/** Epoch seconds just after an order's newest metric point, so ranges end on seeded data. */
export async function lastPointEnd(t: TestApp, baseOrderId: number) {
  const last = await t.db.one<{ ts: number }>(
    'SELECT extract(epoch FROM max(last_ts))::bigint AS ts FROM metric_series WHERE base_order_id = $1',
    [baseOrderId],
  );
  return Number(last?.ts ?? 0) + 60;
}

export const expectNotFound = (res: Awaited<ReturnType<TestApp['call']>>) => {
  expect(res.status).toBe(404);
  expect(res.body).toMatchObject({ code: 'NOT_FOUND', data: null });
};

export const checkTable = (table: ChartData, columns: string[]) => {
  expect(table[0]).toEqual(['Time', ...columns]);
  expect(table.length).toBeGreaterThan(1);
  expect(table.length - 1).toBeLessThanOrEqual(products.maxChartPoints);
};

export const components = (t: TestApp, baseOrderId: number) =>
  t.db.query<{ component_id: number; description: string; quantity: number; mrc_charges: number }>(
    'SELECT component_id, description, quantity, mrc_charges FROM order_components WHERE base_order_id = $1',
    [baseOrderId],
  );

/**
 * A product page's tests in one call: a test app, the demo customer's token, the customer's first order of
 * `controller` with points, where its points end, and the calls bound to that app and token.
 */
export async function openProduct(controller: string) {
  const t = await createTestApp();
  const customer = await t.signIn('customer@demo.test');
  const order = await orderOf(t, 'customer@demo.test', controller);
  return {
    t,
    customer,
    order,
    end: await lastPointEnd(t, order),
    get: (path: string, query: Record<string, string | number>, token: string | undefined = customer) =>
      getCall(t, path, query, token),
    orderOf: (email: string, other: string, not = false) => orderOf(t, email, other, not),
    components: (baseOrderId: number) => components(t, baseOrderId),
  };
}
export type ProductSuite = Awaited<ReturnType<typeof openProduct>>;
