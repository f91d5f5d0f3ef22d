import { createRequire } from 'node:module';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ChartData } from '@portal/contract';

import { encodeRemoteWrite } from '../../src/modules/metrics/remote-write.ts';
import { type TestApp } from '../helpers/test-app.ts';
import { get, metricsToken, openFeed, type FeedOrder, type IngestAnswer } from './kit.ts';

let t: TestApp, token: string, customer: string, order: FeedOrder, now: number;
beforeAll(async () => ({ t, token, customer, order, now } = await openFeed({}, ['8001', '8002'])));
afterAll(() => t.close());

/** snappyjs (block format), as Prometheus compresses a request. */
const { compress, uncompress } = createRequire(import.meta.url)('snappyjs') as {
  compress: (raw: Buffer) => Buffer;
  uncompress: (compressed: Buffer) => Buffer;
};

type Series = { labels: Record<string, string>; samples: [number, number][] };

/** A remote write 1.0 body: protobuf WriteRequest, snappy block-compressed; times in milliseconds. */
const body = (series: Series[]) =>
  encodeRemoteWrite({
    timeseries: series.map((s) => ({
      labels: Object.entries(s.labels).map(([name, value]) => ({ name, value })),
      samples: s.samples.map(([ts, value]) => ({ timestamp: ts * 1000, value })),
    })),
  });

const write = async (payload: Buffer, bearer: string | null = token, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/integration/v1/prometheus/write',
    headers: {
      'content-type': 'application/x-protobuf',
      'content-encoding': 'snappy',
      'x-prometheus-remote-write-version': '0.1.0',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      ...headers,
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { data: unknown; code: string } };
};

describe('POST /api/integration/v1/prometheus/write', () => {
  it('stores samples by __name__, portal_order and object_key; counters become rates; others rejected with reasons', async () => {
    const res = await write(
      body([
        {
          labels: {
            __name__: 'if_in_octets',
            portal_order: order.order_number,
            object_key: '8001',
            job: 'snmp',
            instance: 'r1',
          },
          samples: [
            [now - 120, 1_000],
            [now - 60, 121_000],
          ],
        },
        { labels: { __name__: 'if_in_octets', object_key: '8001' }, samples: [[now - 60, 5]] },
        { labels: { __name__: 'if_in_octets', portal_order: 'NO-SUCH', object_key: '8001' }, samples: [[now - 60, 5]] },
        {
          labels: { __name__: 'if_out_octets', portal_order: order.order_number, object_key: '8001' },
          samples: [[now - 60, Number.NaN]],
        },
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('SUCCESS');
    expect(res.body.data).toEqual({
      accepted: 2,
      rejected: [
        { index: 2, errors: { labels: ['The portal_order label (or resource attribute portal.order) is missing.'] } },
        { index: 3, errors: { order_number: ['Unknown order.'] } },
        { index: 4, errors: { value: ['NaN and infinite values are not stored.'] } },
      ],
    } satisfies IngestAnswer);
    // job and instance are not part of the series: one series, the interface's.
    const series = await t.db.query<{ labels: unknown }>(
      `SELECT labels FROM metric_series WHERE base_order_id = $1 AND labels->>'object_key' = '8001'`,
      [order.base_order_id],
    );
    expect(series).toEqual([{ labels: { object_key: '8001' } }]);
    const chart = await get(
      t,
      'network/get-network-stats',
      { baseOrderId: order.base_order_id, interfaceId: 8001, chartType: 'bits', startDate: now - 600, endDate: now },
      customer,
    );
    // (121,000 - 1,000) / 60 = 2,000 octets/s = 16,000 bits/s.
    expect((chart.body.data as ChartData).slice(1)).toEqual([[now - 60, 16000, null]]);
    // The same request again changes nothing.
    const again = await write(
      body([
        {
          labels: { __name__: 'if_in_octets', portal_order: order.order_number, object_key: '8001' },
          samples: [[now - 60, 121_000]],
        },
      ]),
    );
    expect(again.body.data).toEqual({ accepted: 1, rejected: [] });
  });

  it('skips staleness markers (no point, no rejection); rejects other NaN and infinities with a reason', async () => {
    // Prometheus's StaleNaN, the NaN whose bits are 0x7ff0000000000002, is written into the encoded
    // request by hand in place of a placeholder value (a JS engine may turn a NaN into the plain NaN).
    const stale = 12345.5;
    const withStaleMarkers = (payload: Buffer) => {
      const raw = uncompress(payload);
      const placeholder = Buffer.alloc(8);
      placeholder.writeDoubleLE(stale);
      for (let at = raw.indexOf(placeholder); at >= 0; at = raw.indexOf(placeholder, at + 8))
        raw.writeBigUInt64LE(0x7ff0000000000002n, at);
      return compress(raw);
    };
    const labels = { __name__: 'if_in_octets', portal_order: order.order_number, object_key: '8002' };
    const res = await write(
      withStaleMarkers(
        body([
          {
            labels,
            samples: [
              [now - 300, 1_000],
              [now - 240, 61_000],
              [now - 180, stale],
              [now - 120, Number.NaN],
              [now - 60, Number.POSITIVE_INFINITY],
            ],
          },
          {
            labels: { ...labels, __name__: 'storage_bytes_used', object_key: 'gold' },
            samples: [[now - 60, -Infinity]],
          },
        ]),
      ),
    );
    expect(res.status).toBe(200);
    // Six samples: the staleness marker (#2) is neither accepted nor rejected; NaN (#3), +Inf (#4) and
    // -Inf (#5) are rejected with the reason.
    expect(res.body.data).toEqual({
      accepted: 2,
      rejected: [3, 4, 5].map((index) => ({ index, errors: { value: ['NaN and infinite values are not stored.'] } })),
    } satisfies IngestAnswer);
    // The series holds its two readings (the first has no rate yet, the second 1,000 octets a second)
    // and nothing for the marker's time: a chart shows a gap there, not a zero.
    const stored = await t.db.query<{ ts: number; value: number | null }>(
      `SELECT extract(epoch FROM r.ts)::int AS ts, r.value FROM metric_raw r JOIN metric_series s USING (series_id)
        WHERE s.base_order_id = $1 AND s.metric = 'if_in_octets' AND s.labels->>'object_key' = '8002' ORDER BY r.ts`,
      [order.base_order_id],
    );
    expect(stored).toEqual([
      { ts: now - 300, value: null },
      { ts: now - 240, value: 1000 },
    ]);
    // A series that only ever sent a staleness marker leaves no series behind.
    const onlyStale = await write(
      withStaleMarkers(body([{ labels: { ...labels, object_key: '8003' }, samples: [[now - 60, stale]] }])),
    );
    expect(onlyStale.body.data).toEqual({ accepted: 0, rejected: [] });
    expect(
      await t.db.query(`SELECT 1 FROM metric_series WHERE base_order_id = $1 AND labels->>'object_key' = '8003'`, [
        order.base_order_id,
      ]),
    ).toEqual([]);
  });

  it('refuses a body that is not snappy protobuf, a wrong media type, no token and a token without the scope', async () => {
    const bad = await write(Buffer.from('not snappy at all'));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_REQUEST');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/integration/v1/prometheus/write',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: { points: [] },
    });
    expect(json.statusCode).toBe(415);
    expect((await write(body([]), null)).status).toBe(401);
    const other = await metricsToken(t, ['events']);
    expect(await write(body([]), other)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
  });
});
