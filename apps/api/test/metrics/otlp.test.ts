import { gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ExportMetricsServiceRequest, ExportMetricsServiceResponse } from '../../src/modules/metrics/otlp.ts';
import { type TestApp } from '../helpers/test-app.ts';
import { metricsToken, openFeed, type FeedOrder, type IngestAnswer } from './kit.ts';

let t: TestApp, token: string, order: FeedOrder, now: number;
beforeAll(async () => ({ t, token, order, now } = await openFeed()));
afterAll(() => t.close());

const nanos = (seconds: number) => String(BigInt(seconds) * 1_000_000_000n);
const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });

/** An OTLP request in its JSON encoding (lowerCamelCase, 64-bit integers as strings). */
const request = (orderNumber: string | null, key: string) => ({
  resourceMetrics: [
    {
      resource: { attributes: orderNumber ? [attr('portal.order', orderNumber), attr('host.name', 'r1')] : [] },
      scopeMetrics: [
        {
          metrics: [
            {
              name: 'if.in.octets',
              sum: {
                aggregationTemporality: 2,
                isMonotonic: true,
                dataPoints: [
                  { attributes: [attr('object_key', key)], timeUnixNano: nanos(now - 120), asInt: '6000' },
                  { attributes: [attr('object_key', key)], timeUnixNano: nanos(now - 60), asInt: '66000' },
                ],
              },
            },
            {
              name: 'if_out_octets',
              sum: {
                aggregationTemporality: 1,
                isMonotonic: true,
                dataPoints: [
                  {
                    attributes: [attr('object_key', key)],
                    startTimeUnixNano: nanos(now - 120),
                    timeUnixNano: nanos(now - 60),
                    asDouble: 30000,
                  },
                ],
              },
            },
            {
              name: 'storage_bytes_used',
              gauge: {
                dataPoints: [
                  { attributes: [attr('object_key', 'gold')], timeUnixNano: nanos(now - 60), asDouble: 5e9 },
                ],
              },
            },
            { name: 'latency', histogram: { dataPoints: [{ count: '3' }] } },
          ],
        },
      ],
    },
  ],
});

const post = (payload: Buffer | object, headers: Record<string, string>, bearer = token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/integration/v1/otlp/v1/metrics',
    headers: { authorization: `Bearer ${bearer}`, ...headers },
    payload: payload as Buffer,
  });

const rates = (key: string) =>
  t.db.query<{ metric: string; value: number }>(
    `SELECT s.metric, r.value FROM metric_raw r JOIN metric_series s USING (series_id)
      WHERE s.base_order_id = $1 AND s.labels->>'object_key' = $2 AND r.value IS NOT NULL ORDER BY s.metric`,
    [order.base_order_id, key],
  );

describe('POST /api/integration/v1/otlp/v1/metrics', () => {
  it('reads JSON: cumulative counter sums as readings, delta sums as rates, gauges as they are', async () => {
    const res = await post(request(order.order_number, '7001'), { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: IngestAnswer }).data;
    // Data points numbered in order: 2 readings, 1 delta, 1 gauge, then the histogram (one, rejected).
    expect(data).toEqual({
      accepted: 4,
      rejected: [{ index: 4, errors: { metric: ['Only gauges and sums are stored.'] } }],
    });
    // (66,000 - 6,000) / 60 = 1,000 in; 30,000 over 60 s = 500 out (if.in.octets named as if_in_octets).
    expect(await rates('7001')).toEqual([
      { metric: 'if_in_octets', value: 1000 },
      { metric: 'if_out_octets', value: 500 },
    ]);
  });

  it('reads protobuf, gzip too, and answers an ExportMetricsServiceResponse with the partial success', async () => {
    const message = ExportMetricsServiceRequest.fromObject(request(order.order_number, '7002'));
    const bytes = Buffer.from(ExportMetricsServiceRequest.encode(message).finish());
    const res = await post(gzipSync(bytes), { 'content-type': 'application/x-protobuf', 'content-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-protobuf');
    const answer = ExportMetricsServiceResponse.toObject(ExportMetricsServiceResponse.decode(res.rawPayload), {
      longs: Number,
    });
    expect(answer).toEqual({
      partialSuccess: {
        rejectedDataPoints: 1,
        errorMessage: '1 data points rejected; the first (#4): metric: Only gauges and sums are stored.',
      },
    });
    expect(await rates('7002')).toEqual([
      { metric: 'if_in_octets', value: 1000 },
      { metric: 'if_out_octets', value: 500 },
    ]);
  });

  it('skips points flagged as having no recorded value (staleness); rejects NaN and infinities with a reason', async () => {
    const point = (asDouble: number | string, flags?: number) => ({
      attributes: [attr('object_key', 'silver')],
      timeUnixNano: nanos(now - 60),
      asDouble,
      ...(flags === undefined ? {} : { flags }),
    });
    const gauge = (dataPoints: object[]) => ({
      resourceMetrics: [
        {
          resource: { attributes: [attr('portal.order', order.order_number)] },
          scopeMetrics: [{ metrics: [{ name: 'storage_bytes_used', gauge: { dataPoints } }] }],
        },
      ],
    });
    // FLAG_NO_RECORDED_VALUE (1) on #0 (its value, NaN as Prometheus's receivers send, is not read);
    // "NaN" and "Infinity" are how OTLP's JSON writes those doubles.
    const json = await post(gauge([point('NaN', 1), point('NaN'), point('Infinity'), point(7e9)]), {
      'content-type': 'application/json',
    });
    expect((json.json() as { data: IngestAnswer }).data).toEqual({
      accepted: 1,
      rejected: [1, 2].map((index) => ({ index, errors: { value: ['NaN and infinite values are not stored.'] } })),
    });
    // The same in protobuf, with -Inf.
    const message = ExportMetricsServiceRequest.fromObject(gauge([point(Number.NaN, 1), point(-Infinity)]));
    const res = await post(Buffer.from(ExportMetricsServiceRequest.encode(message).finish()), {
      'content-type': 'application/x-protobuf',
    });
    expect(
      ExportMetricsServiceResponse.toObject(ExportMetricsServiceResponse.decode(res.rawPayload), { longs: Number }),
    ).toEqual({
      partialSuccess: {
        rejectedDataPoints: 1,
        errorMessage: '1 data points rejected; the first (#1): value: NaN and infinite values are not stored.',
      },
    });
    expect(await rates('silver')).toEqual([{ metric: 'storage_bytes_used', value: 7e9 }]);
  });

  it('rejects points without portal.order, refuses garbage and a token without the scope', async () => {
    const res = await post(request(null, '7003'), { 'content-type': 'application/json' });
    const data = (res.json() as { data: IngestAnswer }).data;
    expect(data.accepted).toBe(0);
    expect(data.rejected[0]).toEqual({
      index: 0,
      errors: { labels: ['The portal_order label (or resource attribute portal.order) is missing.'] },
    });
    const garbage = await post(Buffer.from([0xff, 0xff, 0xff, 0x01]), { 'content-type': 'application/x-protobuf' });
    expect(garbage.statusCode).toBe(400);
    const other = await metricsToken(t, ['tickets']);
    expect(
      (await post(request(order.order_number, '7003'), { 'content-type': 'application/json' }, other)).statusCode,
    ).toBe(403);
  });
});
