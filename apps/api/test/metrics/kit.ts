import { expect } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { batch, newToken } from '../integration/kit.ts';

/** Helpers of the usage-data tests. */

export interface IngestAnswer {
  accepted: number;
  rejected: { index: number; errors: Record<string, string[]> }[];
}

/** The first active network order of the demo customer, with its order number. */
export async function customerNetworkOrder(t: TestApp) {
  const row = await t.db.one<{ base_order_id: number; order_number: string }>(
    `SELECT o.base_order_id, o.order_number FROM orders o JOIN products p USING (product_cd)
       JOIN accounts_users au ON au.account_id = o.account_id JOIN users u ON u.user_id = au.user_id
      WHERE u.email_nm = 'customer@demo.test' AND p.product_controller = 'network' AND o.order_status_cd = 'A'
      ORDER BY o.base_order_id LIMIT 1`,
  );
  if (!row) throw new Error('no network order');
  return row;
}

/**
 * Feeds network interfaces (ethernet, 1 Gbit/s) to an order through the product-objects collection, as
 * a provider's inventory would: the network page lists and charts only the interfaces it holds.
 */
export async function feedInterfaces(t: TestApp, orderNumber: string, keys: readonly string[], snmpiftype = 6) {
  const token = await metricsToken(t, ['orders']);
  const items = keys.map((key) => ({
    order_number: orderNumber,
    kind: 'network_interface',
    object_key: key,
    attributes: { name: `ge-0/0/${key}`, snmpiftype, speed_bps: 1_000_000_000 },
  }));
  const { results } = await batch(t, token, 'product-objects', items);
  expect(results.map((r) => r.status)).toEqual(keys.map(() => 'created'));
}

export async function metricsToken(t: TestApp, scopes = ['metrics']) {
  return (await newToken(t, await t.signIn('staff3@demo.test'), scopes)).token;
}

export const postPoints = (t: TestApp, token: string | undefined, points: unknown[]) =>
  t.call('POST', '/api/integration/v1/metrics', { ...(token ? { token } : {}), body: { points } });

/** A GET call with its input in the query string. */
export const get = (t: TestApp, path: string, query: Record<string, string | number>, token: string) =>
  t.call(
    'GET',
    `/api/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    {
      token,
    },
  );

/**
 * Every rollup bucket of a series equals what its raw points give (the tiers within raw retention):
 * min, max, sum, count and last of the values in the bucket.
 */
export async function expectTiersMatchRaw(t: TestApp, seriesId: number) {
  for (const [table, seconds] of [
    ['metric_5m', 300],
    ['metric_1h', 3600],
    ['metric_1d', 86400],
  ] as const) {
    const mismatches = await t.db.query(
      `WITH r AS (
         SELECT to_timestamp(floor(extract(epoch FROM ts) / $2) * $2) AS bucket, min(value) AS min, max(value) AS max,
                sum(value) AS sum, count(value)::int AS count, (array_agg(value ORDER BY ts DESC) FILTER (WHERE value IS NOT NULL))[1] AS last
           FROM metric_raw WHERE series_id = $1 GROUP BY 1 HAVING count(value) > 0)
       SELECT r.bucket, r.sum AS raw_sum, t.sum AS tier_sum, r.count AS raw_count, t.count AS tier_count
         FROM r FULL JOIN (SELECT * FROM ${table} WHERE series_id = $1) t ON t.bucket = r.bucket
        WHERE t.bucket IS NULL OR r.bucket IS NULL OR abs(t.sum - r.sum) > 1e-6 * greatest(1, abs(r.sum))
           OR t.count <> r.count OR t.min <> r.min OR t.max <> r.max OR t.last <> r.last`,
      [seriesId, seconds],
    );
    expect(mismatches, table).toEqual([]);
  }
}

export async function seriesId(t: TestApp, baseOrderId: number, metric: string, objectKey: string) {
  const row = await t.db.one<{ series_id: number }>(
    `SELECT series_id FROM metric_series WHERE base_order_id = $1 AND metric = $2 AND labels->>'object_key' = $3`,
    [baseOrderId, metric, objectKey],
  );
  return row?.series_id ?? 0;
}

/**
 * A feed test's start: a test app (with `env`), a metrics token, the demo customer's token, their first
 * network order fed the interfaces `keys`, and now rounded down to a whole minute (epoch seconds).
 */
export async function openFeed(env: Record<string, string> = {}, keys: readonly string[] = []) {
  const t = await createTestApp(env);
  const token = await metricsToken(t);
  const customer = await t.signIn('customer@demo.test');
  const order = await customerNetworkOrder(t);
  if (keys.length > 0) await feedInterfaces(t, order.order_number, keys);
  return { t, token, customer, order, now: Math.floor(t.clock.now() / 60000) * 60 };
}
export type FeedOrder = Awaited<ReturnType<typeof customerNetworkOrder>>;
