import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ChartData, DataFreshness, NetworkSummary } from '@portal/contract';

import { type TestApp } from '../helpers/test-app.ts';
import {
  expectTiersMatchRaw,
  metricsToken,
  get,
  postPoints,
  seriesId,
  openFeed,
  type FeedOrder,
  type IngestAnswer,
} from './kit.ts';

let t: TestApp, token: string, customer: string, order: FeedOrder, now: number;
// Hours and days are kept 800 and 1,000 days here, so that a point can be older than every tier.
beforeAll(
  async () =>
    ({ t, token, customer, order, now } = await openFeed(
      { METRICS_1H_RETENTION_DAYS: '800', METRICS_1D_RETENTION_DAYS: '1000' },
      ['9001', '9002', '9003', '9004', '9005', '9006'],
    )),
);
afterAll(() => t.close());

const point = (key: string, metric: string, ts: number | string, value: number) => ({
  order_number: order.order_number,
  metric,
  labels: { object_key: key },
  ts,
  value,
});

const chart = async (key: string, start: number, end: number, chartType = 'bits') => {
  const res = await get(
    t,
    'network/get-network-stats',
    { baseOrderId: order.base_order_id, interfaceId: key, chartType, startDate: start, endDate: end },
    customer,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as ChartData).slice(1);
};

describe('POST /api/integration/v1/metrics', () => {
  it('stores valid points and rejects the others with their index and reasons', async () => {
    const res = await postPoints(t, token, [
      point('9001', 'if_in_octets', now - 120, 1000),
      { ...point('9001', 'if_in_octets', now - 60, 2000), order_number: 'NO-SUCH-ORDER' },
      point('9001', 'if_in_octets', 'yesterday', 5),
      point('9001', 'if_in_octets', now + 3600, 5),
      point('9001', 'if_in_octets', now - 1100 * 86400, 5),
      point('9001', 'if_in_octets', now - 60, -5),
      { ...point('9001', 'if_in_octets', now - 60, 5), labels: { interface: 'x' } },
      point('9001', '9bad-name', now - 60, 5),
      { order_number: order.order_number },
      point('9001', 'if_in_octets', new Date((now - 60) * 1000).toISOString(), 61000),
    ]);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('SUCCESS');
    const data = res.body.data as IngestAnswer;
    expect(data.accepted).toBe(2);
    expect(data.rejected).toEqual([
      { index: 1, errors: { order_number: ['Unknown order.'] } },
      { index: 2, errors: { ts: ['This value should be epoch seconds or an RFC 3339 time.'] } },
      { index: 3, errors: { ts: ['This time is more than 10 minutes in the future.'] } },
      {
        index: 4,
        errors: {
          ts: [
            expect.stringMatching(
              /^This time is older than every tier keeps \(the oldest kept is \d{4}-\d{2}-\d{2}\)\.$/,
            ),
          ],
        },
      },
      { index: 5, errors: { value: ['A counter reading cannot be negative.'] } },
      { index: 6, errors: { labels: ['Only object_key and component_key label a series.'] } },
      {
        index: 7,
        errors: { metric: ['A metric name has letters, digits, _ and : only, and does not start with a digit.'] },
      },
      {
        index: 8,
        errors: {
          metric: ['This value is required.'],
          ts: ['This value is required.'],
          value: ['This value is required.'],
        },
      },
    ]);
    // The two readings 60 s apart: (61,000 - 1,000) / 60 = 1,000 octets/s = 8,000 bits/s.
    expect(await chart('9001', now - 600, now)).toEqual([[now - 60, 8000, null]]);
  });

  it('turns counter readings into rates across a reset and a 64-bit wrap', async () => {
    const top = 2 ** 64 - 2 ** 20;
    await postPoints(t, token, [
      point('9002', 'if_in_octets', now - 300, 0),
      point('9002', 'if_in_octets', now - 240, 60_000), // 60,000 / 60 = 1,000 a second
      point('9002', 'if_in_octets', now - 180, 30_000), // restarted: 30,000 / 60 = 500
      point('9002', 'if_in_octets', now - 120, top), // (top - 30,000) / 60: a big jump, kept as sent
      point('9002', 'if_in_octets', now - 60, 2 ** 20), // wrapped: 2^21 / 60
    ]);
    const rows = await chart('9002', now - 600, now);
    expect(rows.map((r) => r[0])).toEqual([now - 240, now - 180, now - 120, now - 60]);
    expect(rows.map((r) => r[1])).toEqual([8000, 4000, ((top - 30_000) / 60) * 8, (2 ** 21 / 60) * 8]);
    await expectTiersMatchRaw(t, await seriesId(t, order.base_order_id, 'if_in_octets', '9002'));
  });

  it('stores a point twice as once, and a new value for the same time replaces the old in every tier', async () => {
    const points = [0, 1, 2, 3].map((i) => point('9003', 'if_in_octets', now - 400 + i * 100, i * 100_000));
    expect(((await postPoints(t, token, points)).body.data as IngestAnswer).accepted).toBe(4);
    const id = await seriesId(t, order.base_order_id, 'if_in_octets', '9003');
    const tiers = () => t.db.query('SELECT * FROM metric_5m WHERE series_id = $1 ORDER BY bucket', [id]);
    const before = await tiers();
    const again = await postPoints(t, token, points);
    expect(again.body.data).toEqual({ accepted: 4, rejected: [] });
    expect(await tiers()).toEqual(before);
    // A corrected reading at the third time: 150,000 instead of 200,000.
    await postPoints(t, token, [point('9003', 'if_in_octets', now - 200, 150_000)]);
    const rows = await chart('9003', now - 600, now);
    // 1,000 a second, then (150,000 - 100,000) / 100 = 500, then (300,000 - 150,000) / 100 = 1,500.
    expect(rows.map((r) => r[1])).toEqual([8000, 4000, 12000]);
    await expectTiersMatchRaw(t, id);
  });

  it('takes late points: a reading between two others corrects the next one’s rate and every tier', async () => {
    await postPoints(t, token, [
      point('9004', 'if_in_octets', now - 7200, 0),
      point('9004', 'if_in_octets', now - 3600, 360_000), // 100 a second over the hour
    ]);
    await postPoints(t, token, [point('9004', 'if_in_octets', now - 5400, 270_000)]); // late: half-way
    const rows = await chart('9004', now - 8000, now);
    // 270,000 / 1,800 = 150 a second, then 90,000 / 1,800 = 50 a second.
    expect(rows.map((r) => r[1])).toEqual([1200, 400]);
    await expectTiersMatchRaw(t, await seriesId(t, order.base_order_id, 'if_in_octets', '9004'));
  });

  it('accepts a point older than raw retention into the tiers that keep its time', async () => {
    const old = now - 40 * 86400;
    const res = await postPoints(t, token, [
      point('9005', 'if_in_packets', old, 1000),
      point('9005', 'if_in_packets', old + 300, 31000), // 100 packets a second
    ]);
    expect(res.body.data).toEqual({ accepted: 2, rejected: [] });
    const id = await seriesId(t, order.base_order_id, 'if_in_packets', '9005');
    expect(await t.db.query('SELECT 1 FROM metric_raw WHERE series_id = $1', [id])).toEqual([]);
    for (const table of ['metric_5m', 'metric_1h', 'metric_1d'])
      expect(await t.db.query(`SELECT sum, count FROM ${table} WHERE series_id = $1`, [id]), table).toEqual([
        { sum: 100, count: 1 },
      ]);
    // The same again is a repeat: nothing changes.
    await postPoints(t, token, [point('9005', 'if_in_packets', old + 300, 31000)]);
    expect(await t.db.query('SELECT sum, count FROM metric_1d WHERE series_id = $1', [id])).toEqual([
      { sum: 100, count: 1 },
    ]);
  });

  it('answers the network summary in bits per second: p95 of the 5-minute averages', async () => {
    // Readings 5 minutes apart: the 20 five-minute buckets hold 1, 2, ..., 20 octets a second.
    const start = Math.floor((now - 3 * 3600) / 300) * 300;
    let reading = 0;
    const points = [point('9006', 'if_in_octets', start, 0)];
    for (let i = 1; i <= 20; i++) {
      reading += i * 300;
      points.push(point('9006', 'if_in_octets', start + i * 300, reading));
    }
    await postPoints(t, token, points);
    const res = await get(
      t,
      'network/get-network-summary',
      { baseOrderId: order.base_order_id, interfaceId: 9006, startDate: start, endDate: now },
      customer,
    );
    expect(res.status).toBe(200);
    // Nearest rank: the ceil(0.95 x 20) = 19th smallest average, 19 octets/s = 152 bits/s.
    expect(res.body.data).toEqual({
      in: { min: 8, max: 160, avg: 84, p95: 152, last: 160, last_at: start + 20 * 300 },
      out: null,
    } satisfies NetworkSummary);
  });

  it('says when the last point arrived and whether that is older than the feed’s step', async () => {
    const fresh = await get(t, 'metrics/get-data-freshness', { baseOrderId: order.base_order_id }, customer);
    expect(fresh.status).toBe(200);
    const data = fresh.body.data as DataFreshness;
    expect(data.last_point_at).toBe(now - 60);
    expect(data.stale).toBe(false);
    t.clock.advance(6 * 3600 * 1000);
    const later = (await get(t, 'metrics/get-data-freshness', { baseOrderId: order.base_order_id }, customer)).body
      .data as DataFreshness;
    expect(later).toEqual({ ...data, stale: true });
    t.clock.advance(-6 * 3600 * 1000);
  });

  it('never shows a company’s points to another company', async () => {
    const other = await t.signIn('admin@demo.test');
    for (const [path, query] of [
      ['network/get-network-stats', { interfaceId: 9001, chartType: 'bits', startDate: now - 600, endDate: now }],
      ['network/get-network-summary', { interfaceId: 9001, startDate: now - 600, endDate: now }],
      ['metrics/get-data-freshness', {}],
    ] as const) {
      const res = await get(t, path, { baseOrderId: order.base_order_id, ...query }, other);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', data: null });
    }
  });

  it('refuses no token, a user token, a token without the metrics scope and too many points', async () => {
    const body = [point('9001', 'if_in_octets', now, 1)];
    expect((await postPoints(t, undefined, body)).status).toBe(401);
    expect((await postPoints(t, customer, body)).body.code).toBe('UNAUTHORIZED');
    const billing = await metricsToken(t, ['billing']);
    const forbidden = await postPoints(t, billing, body);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('FORBIDDEN');
    expect((await postPoints(t, await metricsToken(t, ['all']), body)).status).toBe(200);
    const many = await postPoints(
      t,
      token,
      Array.from({ length: 10_001 }, () => body[0]),
    );
    expect(many.status).toBe(422);
    expect(many.body.data).toEqual({ points: ['You must select 10000 choices or fewer.'] });
  });
});
