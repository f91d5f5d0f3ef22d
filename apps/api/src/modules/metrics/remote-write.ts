import { createRequire } from 'node:module';

import protobuf from 'protobufjs';

import { AppError } from '../../lib/errors.ts';
import { messages, seriesLabelsOf, type PointIn, type Rejected } from './points.ts';

/**
 * Prometheus remote write 1.0 (decision 091): a snappy block-compressed protobuf WriteRequest. The
 * messages below are the part of prometheus/prompb (types.proto, remote.proto; Apache-2.0) that 1.0
 * senders fill; the decoder skips the fields it does not know (exemplars, histograms, metadata).
 */
const schema = `
syntax = "proto3";
package prometheus;
message WriteRequest { repeated TimeSeries timeseries = 1; }
message TimeSeries { repeated Label labels = 1; repeated Sample samples = 2; }
message Label { string name = 1; string value = 2; }
message Sample { double value = 1; int64 timestamp = 2; }
`;

/** snappyjs (block format) ships no types: the two functions used here, typed. */
const { compress, uncompress } = createRequire(import.meta.url)('snappyjs') as {
  compress: (uncompressed: Buffer) => Buffer;
  uncompress: (compressed: Buffer, maxLength?: number) => Buffer;
};

export const WriteRequest = protobuf.parse(schema).root.lookupType('prometheus.WriteRequest');

interface Decoded {
  timeseries?: {
    labels?: { name?: string; value?: string }[];
    samples?: { value?: number; timestamp?: number | protobuf.Long }[];
  }[];
}

const toNumber = (v: number | protobuf.Long | undefined) =>
  v === undefined ? 0 : typeof v === 'number' ? v : protobuf.util.LongBits.from(v).toNumber();

const badBody = () =>
  new AppError('BAD_REQUEST', 'The body is not a snappy-compressed remote write request (prometheus.WriteRequest).');

/** Points (and samples rejected before any check: no order) of a compressed WriteRequest, samples numbered in order. */
export function decodeRemoteWrite(
  body: Buffer,
  maxBytes: number,
  maxPoints: number,
): { points: PointIn[]; rejected: Rejected[] } {
  let request: Decoded;
  try {
    request = WriteRequest.decode(uncompress(body, maxBytes)) as unknown as Decoded;
  } catch (error) {
    if (error instanceof Error && /too big/.test(error.message))
      throw new AppError('PAYLOAD_TOO_LARGE', `The request is larger than ${maxBytes} bytes once uncompressed.`);
    throw badBody();
  }
  const points: PointIn[] = [];
  const rejected: Rejected[] = [];
  let index = 0;
  for (const series of request.timeseries ?? []) {
    const labels: Record<string, string> = {};
    for (const l of series.labels ?? []) if (l.name) labels[l.name] = l.value ?? '';
    for (const sample of series.samples ?? []) {
      if (index >= maxPoints) throw tooMany(maxPoints);
      if (!labels.portal_order) rejected.push({ index, errors: { labels: [messages.noOrder] } });
      else
        points.push({
          index,
          order_number: labels.portal_order,
          metric: labels.__name__ ?? '',
          labels: seriesLabelsOf(labels),
          ts: toNumber(sample.timestamp) / 1000,
          value: sample.value ?? 0,
        });
      index++;
    }
  }
  return { points, rejected };
}

/** A remote write body as Prometheus sends it (for tests and benchmarks). */
export const encodeRemoteWrite = (request: Record<string, unknown>): Buffer =>
  compress(Buffer.from(WriteRequest.encode(WriteRequest.fromObject(request)).finish()));

export const tooMany = (max: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `A request carries at most ${max.toLocaleString('en-US')} points.`);
