import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { metricsToken, postPoints, type IngestAnswer } from './kit.ts';

/**
 * Series per order (decision 115): METRICS_MAX_SERIES_PER_ORDER bounds how many series one order may
 * have; a point of a new series beyond it is rejected with a reason, points of its existing series
 * are still stored, and two writers at once cannot pass the limit together.
 */

let t: TestApp;
let token: string;
let orders: string[];
let now: number;

beforeAll(async () => {
  t = await createTestApp({ METRICS_MAX_SERIES_PER_ORDER: '3' });
  token = await metricsToken(t);
  // Orders without usage data yet: each starts with no series.
  orders = (
    await t.db.query<{ order_number: string }>(
      `SELECT o.order_number FROM orders o
        WHERE NOT EXISTS (SELECT 1 FROM metric_series s WHERE s.base_order_id = o.base_order_id)
        ORDER BY o.base_order_id LIMIT 2`,
    )
  ).map((r) => r.order_number);
  expect(orders).toHaveLength(2);
  now = Math.floor(t.clock.now() / 60000) * 60;
});
afterAll(() => t.close());

const point = (orderNumber: string, key: string, ts = now - 60) => ({
  order_number: orderNumber,
  metric: 'storage_bytes_used',
  labels: { object_key: key },
  ts,
  value: 1e9,
});
const seriesOf = async (orderNumber: string) =>
  (
    await t.db.query<{ key: string }>(
      `SELECT s.labels->>'object_key' AS key FROM metric_series s JOIN orders o USING (base_order_id)
        WHERE o.order_number = $1 ORDER BY 1`,
      [orderNumber],
    )
  ).map((r) => r.key);

describe('METRICS_MAX_SERIES_PER_ORDER', () => {
  it('rejects points of new series beyond the limit with a reason; existing series still take points', async () => {
    const [order] = orders as [string];
    const limit = ['This order has 3 series, the most it may have; points of a new series are not stored.'];
    const first = await postPoints(
      t,
      token,
      ['a', 'b', 'c', 'd', 'e'].map((key) => point(order, key)),
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      accepted: 3,
      rejected: [3, 4].map((index) => ({ index, errors: { order_number: limit } })),
    } satisfies IngestAnswer);
    expect(await seriesOf(order)).toEqual(['a', 'b', 'c']);

    // Later points of the three series are stored; a fourth series still is not.
    const later = await postPoints(t, token, [point(order, 'f', now), point(order, 'a', now), point(order, 'c', now)]);
    expect(later.body.data).toEqual({ accepted: 2, rejected: [{ index: 0, errors: { order_number: limit } }] });
    expect(await seriesOf(order)).toEqual(['a', 'b', 'c']);
  });

  it('two writers adding new series to one order at once stay within the limit together', async () => {
    const [, order] = orders as [string, string];
    const [one, two] = await Promise.all([
      postPoints(
        t,
        token,
        ['a', 'b', 'c'].map((key) => point(order, key)),
      ),
      postPoints(
        t,
        token,
        ['x', 'y', 'z'].map((key) => point(order, key)),
      ),
    ]);
    const [a = 0, b = 0] = [one, two].map((r) => (r.body.data as IngestAnswer).accepted);
    expect(a + b).toBe(3);
    expect(await seriesOf(order)).toHaveLength(3);
  });
});
