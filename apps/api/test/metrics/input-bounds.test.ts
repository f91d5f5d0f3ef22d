import { createRequire } from 'node:module';

import protobuf from 'protobufjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ExportMetricsServiceRequest, ExportMetricsServiceResponse } from '../../src/modules/metrics/otlp.ts';
import { type TestApp } from '../helpers/test-app.ts';
import { openFeed, type FeedOrder, type IngestAnswer } from './kit.ts';

/**
 * Usage data input is bounded before it is allocated (decision 115): a small compressed body cannot
 * expand into millions of objects, and a point whose text PostgreSQL cannot hold (NUL, invalid UTF-8)
 * or that is too long is rejected on its own with a reason, never the request with a 500 (senders
 * retry 5xx forever).
 */

const { compress } = createRequire(import.meta.url)('snappyjs') as { compress: (raw: Buffer) => Buffer };

let t: TestApp, token: string, order: FeedOrder, now: number;
beforeAll(async () => ({ t, token, order, now } = await openFeed()));
afterAll(() => t.close());

/**
 * Remote write's messages with every text as bytes, so a test can send what no well-behaved encoder
 * would: invalid UTF-8.
 */
const RawWriteRequest = protobuf
  .parse(
    `syntax = "proto3";
     message WriteRequest { repeated TimeSeries timeseries = 1; }
     message TimeSeries { repeated Label labels = 1; repeated Sample samples = 2; }
     message Label { bytes name = 1; bytes value = 2; }
     message Sample { double value = 1; int64 timestamp = 2; }`,
  )
  .root.lookupType('WriteRequest');

const text = (value: string | Buffer) => (typeof value === 'string' ? Buffer.from(value) : value);
const remoteWrite = (series: { labels: [string, string | Buffer][]; samples: [number, number][] }[]) =>
  compress(
    Buffer.from(
      RawWriteRequest.encode(
        RawWriteRequest.fromObject({
          timeseries: series.map((s) => ({
            labels: s.labels.map(([name, value]) => ({ name: text(name), value: text(value) })),
            samples: s.samples.map(([ts, value]) => ({ timestamp: ts * 1000, value })),
          })),
        }),
      ).finish(),
    ),
  );

const postRemoteWrite = async (payload: Buffer) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/integration/v1/prometheus/write',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/x-protobuf',
      'content-encoding': 'snappy',
    },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { data: unknown; code: string; message: string } };
};

const postOtlp = (payload: Buffer | object, contentType: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/integration/v1/otlp/v1/metrics',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: payload as Buffer,
  });

/** A message field repeated `count` times, each empty (its tag byte and a zero length). */
const emptyRepeated = (fieldNumber: number, count: number) => {
  const bytes = Buffer.alloc(count * 2);
  for (let i = 0; i < count; i++) bytes[i * 2] = (fieldNumber << 3) | 2;
  return bytes;
};

describe('usage data input bounds', () => {
  it('refuses a small snappy body of a million empty TimeSeries while decoding, naming the limit', async () => {
    const raw = emptyRepeated(1, 1_000_000);
    const body = compress(raw);
    expect(body.length).toBeLessThan(200 * 1024);
    const res = await postRemoteWrite(body);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      data: null,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'A request carries at most 200,000 series and labels.',
    });

    // One TimeSeries of 300,000 empty labels: the labels count too.
    const labels = emptyRepeated(1, 300_000);
    const oneSeries = Buffer.concat([Buffer.from([0x0a]), varint(labels.length), labels]);
    const manyLabels = await postRemoteWrite(compress(oneSeries));
    expect(manyLabels.status).toBe(413);
    expect(manyLabels.body.message).toBe('A request carries at most 200,000 series and labels.');

    // Empty samples are points: 10,001 of them are over the points limit.
    const samples = emptyRepeated(2, 10_001);
    const manySamples = await postRemoteWrite(
      compress(Buffer.concat([Buffer.from([0x0a]), varint(samples.length), samples])),
    );
    expect(manySamples.status).toBe(413);
    expect(manySamples.body.message).toBe('A request carries at most 10,000 points.');
  });

  it('refuses OTLP bodies, protobuf and JSON, of too many empty entries, naming the limit', async () => {
    const proto = await postOtlp(emptyRepeated(1, 1_000_000), 'application/x-protobuf');
    expect(proto.statusCode).toBe(413);
    expect(proto.json()).toEqual({
      data: null,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'A request carries at most 200,000 resources, scopes, metrics and attributes.',
    });
    const json = await postOtlp(
      { resourceMetrics: [{ resource: { attributes: Array.from({ length: 200_001 }, () => ({})) } }] },
      'application/json',
    );
    expect(json.statusCode).toBe(413);
    expect(json.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'A request carries at most 200,000 resources, scopes, metrics and attributes.',
    });
    const points = await postOtlp(
      {
        resourceMetrics: [
          { scopeMetrics: [{ metrics: [{ gauge: { dataPoints: Array.from({ length: 10_001 }, () => ({})) } }] }] },
        ],
      },
      'application/json',
    );
    expect(points.statusCode).toBe(413);
    expect(points.json()).toMatchObject({ message: 'A request carries at most 10,000 points.' });
  });

  it('rejects a remote write sample whose labels hold NUL or invalid UTF-8, or a name or key too long; stores the others', async () => {
    const base: [string, string][] = [
      ['__name__', 'storage_bytes_used'],
      ['portal_order', order.order_number],
    ];
    const series = (labels: [string, string | Buffer][]) => ({
      labels,
      samples: [[now - 60, 5e9]] as [number, number][],
    });
    const res = await postRemoteWrite(
      remoteWrite([
        series([...base, ['object_key', 'gold']]),
        series([...base, ['object_key', 'go\u0000ld']]),
        series([...base, ['object_key', Buffer.from([0x67, 0xff, 0x6c, 0x64])]]),
        series([...base, ['object_key', 'gold'], ['job', 'a\u0000b']]),
        series([...base, ['object_key', 'gold'], [Buffer.from([0xc3]) as unknown as string, 'x']]),
        series([
          ['__name__', 'storage_bytes_used'],
          ['portal_order', `${order.order_number}\u0000`],
          ['object_key', 'gold'],
        ]),
        series([
          ['__name__', 'x'.repeat(201)],
          ['portal_order', order.order_number],
          ['object_key', 'gold'],
        ]),
        series([...base, ['object_key', 'k'.repeat(201)]]),
        series([
          ['__name__', 'storage_bytes_used'],
          ['portal_order', 'N'.repeat(201)],
          ['object_key', 'gold'],
        ]),
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const textError = { labels: ['Names, labels and attributes are UTF-8 text without NUL characters.'] };
    expect(res.body.data).toEqual({
      accepted: 1,
      rejected: [
        { index: 1, errors: textError },
        { index: 2, errors: textError },
        { index: 3, errors: textError },
        { index: 4, errors: textError },
        { index: 5, errors: textError },
        { index: 6, errors: { metric: ['too long'] } },
        { index: 7, errors: { labels: ['A label value is text of 1 to 200 characters.'] } },
        { index: 8, errors: { order_number: ['too long'] } },
      ],
    } satisfies IngestAnswer);
  });

  it('rejects OTLP data points with NUL or invalid UTF-8 in names and attributes, protobuf and JSON; stores the others', async () => {
    const attr = (key: string, value: string) => ({ key, value: { stringValue: value } });
    const point = (attributes: object[]) => ({
      attributes,
      timeUnixNano: String(BigInt(now - 60) * 1_000_000_000n),
      asDouble: 7e9,
    });
    const request = (resource: object[], metricName: string, dataPoints: object[]) => ({
      resourceMetrics: [
        {
          resource: { attributes: resource },
          scopeMetrics: [{ metrics: [{ name: metricName, gauge: { dataPoints } }] }],
        },
      ],
    });
    const order_ = attr('portal.order', order.order_number);
    const textError = { labels: ['Names, labels and attributes are UTF-8 text without NUL characters.'] };

    // JSON: a NUL and a lone surrogate in attribute values, a NUL in an attribute key.
    const json = await postOtlp(
      request([order_], 'storage_bytes_used', [
        point([attr('object_key', 'silver')]),
        point([attr('object_key', 'sil\u0000ver')]),
        point([attr('object_key', 'silver'), attr('host.name', '\ud800')]),
        point([attr('object_key', 'silver'), attr('a\u0000', 'x')]),
      ]),
      'application/json',
    );
    expect(json.statusCode).toBe(200);
    expect((json.json() as { data: IngestAnswer }).data).toEqual({
      accepted: 1,
      rejected: [1, 2, 3].map((index) => ({ index, errors: textError })),
    });
    // The resource's attributes: every point of the resource is rejected.
    const resource = await postOtlp(
      request([attr('portal.order', `${order.order_number}\u0000`)], 'storage_bytes_used', [
        point([attr('object_key', 'silver')]),
      ]),
      'application/json',
    );
    expect((resource.json() as { data: IngestAnswer }).data).toEqual({
      accepted: 0,
      rejected: [{ index: 0, errors: textError }],
    });

    // Protobuf: invalid UTF-8 in an attribute value and in a metric name (patched in after encoding).
    const encode = (message: object, patch: [string, number[]][]) => {
      let bytes = Buffer.from(
        ExportMetricsServiceRequest.encode(ExportMetricsServiceRequest.fromObject(message)).finish(),
      );
      for (const [placeholder, replacement] of patch) {
        const at = bytes.indexOf(placeholder);
        expect(at).toBeGreaterThanOrEqual(0);
        bytes = Buffer.concat([
          bytes.subarray(0, at),
          Buffer.from(replacement),
          bytes.subarray(at + placeholder.length),
        ]);
      }
      return bytes;
    };
    const decodeAnswer = (payload: Buffer) =>
      ExportMetricsServiceResponse.toObject(ExportMetricsServiceResponse.decode(payload), { longs: Number });
    const badValue = await postOtlp(
      encode(
        request([order_], 'storage_bytes_used', [
          point([attr('object_key', 'silver')]),
          point([attr('object_key', 'PLACEHOLDER1')]),
        ]),
        [['PLACEHOLDER1', [0x73, 0x69, 0x6c, 0x76, 0x65, 0x72, 0xed, 0xa0, 0x80, 0x78, 0x79, 0x7a]]],
      ),
      'application/x-protobuf',
    );
    expect(badValue.statusCode).toBe(200);
    expect(decodeAnswer(badValue.rawPayload)).toEqual({
      partialSuccess: {
        rejectedDataPoints: 1,
        errorMessage:
          '1 data points rejected; the first (#1): labels: Names, labels and attributes are UTF-8 text without NUL characters.',
      },
    });
    const badName = await postOtlp(
      encode(request([order_], 'PLACEHOLDER2', [point([attr('object_key', 'silver')])]), [
        ['PLACEHOLDER2', [0x73, 0x74, 0xff, 0x65, 0x73, 0x73, 0x61, 0x67, 0x65, 0x5f, 0x61, 0x62]],
      ]),
      'application/x-protobuf',
    );
    expect(decodeAnswer(badName.rawPayload)).toEqual({
      partialSuccess: {
        rejectedDataPoints: 1,
        errorMessage:
          '1 data points rejected; the first (#0): metric: Names, labels and attributes are UTF-8 text without NUL characters.',
      },
    });
  });
});

/** A protobuf varint (a length prefix). */
function varint(n: number): Buffer {
  const bytes: number[] = [];
  let v = n;
  while (v > 127) {
    bytes.push((v & 127) | 128);
    v >>>= 7;
  }
  bytes.push(v);
  return Buffer.from(bytes);
}
