import protobuf from 'protobufjs';

import { AppError } from '../../lib/errors.ts';

/**
 * Counts a remote write or OTLP request's entries before it is decoded (decision 115): a message of
 * two bytes (an empty TimeSeries, label or attribute) becomes a JS object of fifty and more, so a
 * small compressed body could otherwise expand into millions of objects. Every occurrence of a
 * message field counts, empty ones and repeats of a single field included: a point field towards the
 * points, any other towards the entries. The protobuf bytes are walked with protobufjs's Reader,
 * which allocates nothing while it counts; a JSON body (already parsed) is walked by the same types'
 * field names, before protobufjs copies it into messages.
 */

export interface Bounds {
  /** Fields of which each occurrence is one point (samples, data points, histograms...). */
  points: ReadonlySet<protobuf.Field>;
  maxPoints: number;
  maxEntries: number;
  /** What the entries are, as the refusal names them: "series and labels". */
  entries: string;
}

const count = (n: number) => n.toLocaleString('en-US');

export const tooManyPoints = (max: number) =>
  new AppError('PAYLOAD_TOO_LARGE', `A request carries at most ${count(max)} points.`);

const tooManyEntries = (bounds: Bounds) =>
  new AppError('PAYLOAD_TOO_LARGE', `A request carries at most ${count(bounds.maxEntries)} ${bounds.entries}.`);

/** Counts one occurrence of a field; throws once a limit is passed. */
function counter(bounds: Bounds) {
  let points = 0;
  let entries = 0;
  return (field: protobuf.Field) => {
    if (bounds.points.has(field)) {
      if (++points > bounds.maxPoints) throw tooManyPoints(bounds.maxPoints);
    } else if (++entries > bounds.maxEntries) throw tooManyEntries(bounds);
  };
}

const messageType = (field: protobuf.Field) =>
  field.resolvedType instanceof protobuf.Type ? field.resolvedType : null;

/**
 * Walks protobuf bytes of `type`, counting its entries and points; throws past a limit (an AppError)
 * or on bytes that are not such a message (another Error: the caller answers a bad body).
 */
export function checkWire(type: protobuf.Type, bytes: Uint8Array, bounds: Bounds): void {
  const seen = counter(bounds);
  const reader = protobuf.Reader.create(bytes);
  const stack: { type: protobuf.Type; end: number }[] = [{ type, end: reader.len }];
  for (let frame = stack.at(-1); frame; frame = stack.at(-1)) {
    if (reader.pos >= frame.end) {
      stack.pop();
      continue;
    }
    const tag = reader.uint32();
    const field = frame.type.fieldsById[tag >>> 3];
    const nested = field ? messageType(field) : null;
    if (!field || (tag & 7) !== 2 || (!nested && !bounds.points.has(field))) {
      reader.skipType(tag & 7);
      continue;
    }
    const length = reader.uint32();
    if (reader.pos + length > frame.end) throw new Error('metrics: a length past the end of its message');
    seen(field);
    if (nested) stack.push({ type: nested, end: reader.pos + length });
    else reader.skip(length);
  }
}

/** Walks a parsed JSON request of `type` (protobufjs field names), counting as checkWire does. */
export function checkObject(type: protobuf.Type, object: unknown, bounds: Bounds): void {
  const seen = counter(bounds);
  const stack: [protobuf.Type, unknown][] = [[type, object]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [itemType, value] = item;
    if (typeof value !== 'object' || value === null) continue;
    for (const field of itemType.fieldsArray) {
      const nested = messageType(field);
      const v = (value as Record<string, unknown>)[field.name];
      if (v === undefined || v === null || (!nested && !bounds.points.has(field))) continue;
      for (const element of field.repeated && Array.isArray(v) ? v : [v]) {
        seen(field);
        if (nested) stack.push([nested, element]);
      }
    }
  }
}
