import { createRequire } from 'node:module';

import protobuf from 'protobufjs';

import { metrics } from '@portal/contract';

import { AppError } from '../../lib/errors.ts';
import { checkWire, type Bounds } from './bounds.ts';
import { messages, seriesLabelsOf, textOf, type PointIn, type Rejected } from './points.ts';

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
 * The same message as it is read: each sample's value as its 64 bits (fixed64 and double share a wire
 * type), so that a staleness marker is told by its exact bits (a NaN kept in a JS number, in a double
 * array for one, may be made the plain NaN by the engine); label names and values as their bytes
 * (string and bytes share one too), so that one that is not UTF-8 rejects its series' samples rather
 * than the whole request (decision 115).
 */
const wireRoot = protobuf.parse(
  schema
    .replace('message Sample { double value = 1;', 'message Sample { fixed64 value = 1;')
    .replace(
      'message Label { string name = 1; string value = 2; }',
      'message Label { bytes name = 1; bytes value = 2; }',
    ),
).root;
wireRoot.resolveAll();
const WriteRequestWire = wireRoot.lookupType('prometheus.WriteRequest');

/** Samples are the points; series and labels (empty ones too) are the other entries. */
const bounds: Omit<Bounds, 'maxPoints'> = {
  points: new Set([wireRoot.lookupType('prometheus.TimeSeries').fields.samples as protobuf.Field]),
  maxEntries: metrics.maxEntriesPerRequest,
  entries: 'series and labels',
};

interface Decoded {
  timeseries?: {
    labels?: { name?: Uint8Array; value?: Uint8Array }[];
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
    // snappy's header says the uncompressed length: checked before anything is inflated.
    const raw = uncompress(body, maxBytes);
    checkWire(WriteRequestWire, raw, { ...bounds, maxPoints });
    request = WriteRequestWire.decode(raw) as unknown as Decoded;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /too big/.test(error.message))
      throw new AppError('PAYLOAD_TOO_LARGE', `The request is larger than ${maxBytes} bytes once uncompressed.`);
    throw badBody();
  }
  const points: PointIn[] = [];
  const rejected: Rejected[] = [];
  let index = 0;
  for (const series of request.timeseries ?? []) {
    const labels: Record<string, string> = {};
    let unstorable = false;
    for (const l of series.labels ?? []) {
      const name = textOf(l.name);
      const value = textOf(l.value);
      if (name === null || value === null) unstorable = true;
      else if (name) labels[name] = value;
    }
    for (const sample of series.samples ?? []) {
      const value = sampleValue(sample.value);
      if (value === 'stale') {
        index++;
        continue;
      }
      if (unstorable) rejected.push({ index, errors: { labels: [messages.text] } });
      else if (!labels.portal_order) rejected.push({ index, errors: { labels: [messages.noOrder] } });
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
