import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { metricsUpkeep } from '../../src/modules/metrics/index.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { customerNetworkOrder, metricsToken, postPoints, seriesId } from './kit.ts';

let t: TestApp;
const DAY = 86400;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const partitions = async () =>
  (
    await t.db.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'metric_raw'::regclass ORDER BY 1`,
    )
  ).map((r) => r.name);

const dayName = (epoch: number) =>
  `metric_raw_${new Date(epoch * 1000).toISOString().slice(0, 10).replaceAll('-', '')}`;

describe('metrics upkeep', () => {
  it('makes raw partitions ahead, drops the ones retention no longer keeps and deletes old buckets', async () => {
    const now = Math.floor(t.clock.now() / 1000);
    const today = Math.floor(now / DAY) * DAY;
    await metricsUpkeep(t.db, { raw: 35, '5m': 400, '1h': null, '1d': null }, now);
    const made = await partitions();
    for (let i = 0; i <= 3; i++) expect(made).toContain(dayName(today + i * DAY));

    const order = await customerNetworkOrder(t);
    const token = await metricsToken(t);
    const old = today - 10 * DAY + 3600;
    await postPoints(t, token, [
      { order_number: order.order_number, metric: 'if_in_octets', labels: { object_key: '6001' }, ts: old, value: 0 },
      {
        order_number: order.order_number,
        metric: 'if_in_octets',
        labels: { object_key: '6001' },
        ts: old + 60,
        value: 600,
      },
    ]);
    const id = await seriesId(t, order.base_order_id, 'if_in_octets', '6001');
    expect(await partitions()).toContain(dayName(today - 10 * DAY));

    // Raw kept 5 days, 5-minute buckets 6: the day 10 days back leaves both; hours and days stay.
    const { dropped } = await metricsUpkeep(t.db, { raw: 5, '5m': 6, '1h': null, '1d': null }, now);
    expect(dropped).toContain(today - 10 * DAY);
    expect(await partitions()).not.toContain(dayName(today - 10 * DAY));
    expect(await partitions()).toContain(dayName(today - 5 * DAY));
    const count = async (table: string) =>
      (await t.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE series_id = $1`, [id]))?.n;
    expect(await count('metric_raw')).toBe(0);
    expect(await count('metric_5m')).toBe(0);
    expect(await count('metric_1h')).toBe(1);
    expect(await count('metric_1d')).toBe(1);
  });
});
