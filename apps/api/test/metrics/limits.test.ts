import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { encodeRemoteWrite } from '../../src/modules/metrics/remote-write.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { metricsToken, type IngestAnswer } from './kit.ts';

/**
 * The ingestion calls' body limit (decision 091): 16 MiB by default, above the 1 MiB of every other
 * call, configurable with METRICS_BODY_LIMIT_BYTES, and counted on what a gzip or snappy body holds
 * once inflated.
 */

const { compress } = createRequire(import.meta.url)('snappyjs') as { compress: (raw: Buffer) => Buffer };

let small: TestApp;
let wide: TestApp;
let smallToken: string;
let wideToken: string;

beforeAll(async () => {
  [small, wide] = await Promise.all([createTestApp({ METRICS_BODY_LIMIT_BYTES: '4096' }), createTestApp()]);
  [smallToken, wideToken] = await Promise.all([metricsToken(small), metricsToken(wide)]);
});
afterAll(async () => {
  await Promise.all([small.close(), wide.close()]);
});

const points = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    order_number: 'NO-SUCH-ORDER',
    metric: 'if_in_octets',
    labels: { object_key: String(1000 + (i % 10)) },
    ts: 1_790_000_000 + i * 60,
    value: 123_456_789 + i,
  }));

const post = (t: TestApp, token: string, payload: Buffer, headers: Record<string, string>, url: string) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}`, ...headers }, payload });

describe('ingestion body limit', () => {
  it('takes a body of 10,000 points (over 1 MiB) with the default limit; each point is then checked', async () => {
    const body = Buffer.from(JSON.stringify({ points: points(10_000) }));
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const res = await post(
      wide,
      wideToken,
      body,
      { 'content-type': 'application/json' },
      '/api/integration/v1/metrics',
    );
    expect(res.statusCode).toBe(200);
    const data = (res.json() as { data: IngestAnswer }).data;
    expect(data.accepted).toBe(0);
    expect(data.rejected).toHaveLength(10_000);
    expect(data.rejected[9_999]).toEqual({ index: 9_999, errors: { order_number: ['Unknown order.'] } });
  });

  it('refuses a body over METRICS_BODY_LIMIT_BYTES as it comes, gzip and snappy once inflated', async () => {
    const json = Buffer.from(JSON.stringify({ points: points(60) }));
    expect(json.length).toBeGreaterThan(4096);
    const plain = await post(
      small,
      smallToken,
      json,
      { 'content-type': 'application/json' },
      '/api/integration/v1/metrics',
    );
    expect(plain.statusCode).toBe(413);
    expect(plain.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', data: null });

    // Under the limit as sent, over it once inflated.
    const gzipped = gzipSync(json);
    expect(gzipped.length).toBeLessThan(4096);
    const gz = await post(
      small,
      smallToken,
      gzipped,
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      '/api/integration/v1/metrics',
    );
    expect(gz.statusCode).toBe(413);
    expect(gz.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });

    const samples = points(400).map((p) => ({ value: p.value, timestamp: p.ts * 1000 }));
    const raw = encodeRemoteWrite({
      timeseries: [{ labels: [{ name: '__name__', value: 'if_in_octets' }], samples }],
    });
    const snappy = await post(
      small,
      smallToken,
      raw,
      { 'content-type': 'application/x-protobuf', 'content-encoding': 'snappy' },
      '/api/integration/v1/prometheus/write',
    );
    expect(raw.length).toBeLessThan(8192);
    expect(snappy.statusCode).toBe(413);
    expect(snappy.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request is larger than 4096 bytes once uncompressed.',
    });

    // A small request still goes through.
    const ok = await post(
      small,
      smallToken,
      compress(Buffer.alloc(0)),
      { 'content-type': 'application/x-protobuf', 'content-encoding': 'snappy' },
      '/api/integration/v1/prometheus/write',
    );
    expect(ok.json()).toMatchObject({ code: 'SUCCESS', data: { accepted: 0, rejected: [] } });
  });
});
