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
/**
 * The same message read with each sample's value as its 64 bits (fixed64 and double share a wire
 * type), so that a staleness marker is told by its exact bits: a NaN kept in a JS number (a double
 * array, for one) may be made the plain NaN by the engine.
 */
const WriteRequestBits = protobuf
  .parse(schema.replace('message Sample { double value = 1;', 'message Sample { fixed64 value = 1;'))
  .root.lookupType('prometheus.WriteRequest');

interface Decoded {
  timeseries?: {
    labels?: { name?: string; value?: string }[];
    samples?: { value?: number | protobuf.Long; timestamp?: number | protobuf.Long }[];
  }[];
}

const toNumber = (v: number | protobuf.Long | undefined) =>
  v === undefined ? 0 : typeof v === 'number' ? v : protobuf.util.LongBits.from(v).toNumber();

/**
 * Prometheus's staleness marker (prometheus/model/value StaleNaN): a NaN with these bits, written when
 * a series stops (its target went away, a rule no longer yields it). It says "no value from here on",
 * not a reading, so it is no point: neither stored nor rejected (decision 091).
 */
const STALE_HI = 0x7ff00000;
const STALE_LO = 0x00000002;
const view = new DataView(new ArrayBuffer(8));

/** A sample's value from its 64 bits, or 'stale' for the staleness marker. */
function sampleValue(v: number | protobuf.Long | undefined): number | 'stale' {
  if (v === undefined) return 0;
  const { hi, lo } = protobuf.util.LongBits.from(v);
  if (hi >>> 0 === STALE_HI && lo >>> 0 === STALE_LO) return 'stale';
  view.setUint32(0, hi >>> 0);
  view.setUint32(4, lo >>> 0);
  return view.getFloat64(0);
}

const badBody = () =>
  new AppError('BAD_REQUEST', 'The body is not a snappy-compressed remote write request (prometheus.WriteRequest).');

/**
 * Points (and samples rejected before any check: no order) of a compressed WriteRequest, samples
 * numbered in order; staleness markers are skipped (they keep their number, so the others' stay put).
 */
export function decodeRemoteWrite(
  body: Buffer,
  maxBytes: number,
  maxPoints: number,
): { points: PointIn[]; rejected: Rejected[] } {
  let request: Decoded;
  try {
    request = WriteRequestBits.decode(uncompress(body, maxBytes)) as unknown as Decoded;
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
      const value = sampleValue(sample.value);
      if (value === 'stale') {
        index++;
        continue;
      }
      if (!labels.portal_order) rejected.push({ index, errors: { labels: [messages.noOrder] } });
      else
        points.push({
          index,
          order_number: labels.portal_order,
          metric: labels.__name__ ?? '',
          labels: seriesLabelsOf(labels),
          ts: toNumber(sample.timestamp) / 1000,
          value,
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
