import protobuf from 'protobufjs';

import { metrics } from '@portal/contract';

import { AppError } from '../../lib/errors.ts';
import { checkObject, checkWire, type Bounds } from './bounds.ts';
import { isCounter } from './catalogue.ts';
import { messages, seriesLabelsOf, textOf, type PointIn, type Rejected } from './points.ts';

/**
 * OTLP/HTTP metrics (decision 091). The messages are the part of opentelemetry-proto's
 * collector/metrics/v1/metrics_service.proto, metrics/v1/metrics.proto, common/v1/common.proto and
 * resource/v1/resource.proto (Apache-2.0) that gauges and sums use, field numbers as published;
 * histograms and summaries are kept as bytes only to say they are not stored. The JSON encoding is read
 * through the same types (protobufjs fromObject: lowerCamelCase keys, 64-bit integers as strings).
 */
const schema = `
syntax = "proto3";
package otlp;
message ExportMetricsServiceRequest { repeated ResourceMetrics resource_metrics = 1; }
message ExportMetricsServiceResponse { ExportMetricsPartialSuccess partial_success = 1; }
message ExportMetricsPartialSuccess { int64 rejected_data_points = 1; string error_message = 2; }
message ResourceMetrics { Resource resource = 1; repeated ScopeMetrics scope_metrics = 2; }
message Resource { repeated KeyValue attributes = 1; }
message ScopeMetrics { repeated Metric metrics = 2; }
message KeyValue { string key = 1; AnyValue value = 2; }
message AnyValue {
  oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4; }
}
message Metric {
  string name = 1;
  oneof data { Gauge gauge = 5; Sum sum = 7; bytes histogram = 9; bytes exponential_histogram = 10; bytes summary = 11; }
}
message Gauge { repeated NumberDataPoint data_points = 1; }
message Sum { repeated NumberDataPoint data_points = 1; int32 aggregation_temporality = 2; bool is_monotonic = 3; }
message NumberDataPoint {
  repeated KeyValue attributes = 7;
  fixed64 start_time_unix_nano = 2;
  fixed64 time_unix_nano = 3;
  oneof value { double as_double = 4; sfixed64 as_int = 6; }
  uint32 flags = 8;
}
`;

const root = protobuf.parse(schema).root;
root.resolveAll();
export const ExportMetricsServiceRequest = root.lookupType('otlp.ExportMetricsServiceRequest');
export const ExportMetricsServiceResponse = root.lookupType('otlp.ExportMetricsServiceResponse');
/**
 * The request as protobuf is read: names, keys and string values as their bytes (string and bytes
 * share a wire type), so that one that is not UTF-8 rejects its points rather than the whole request
 * (decision 115). JSON carries strings, read through the types above.
 */
const wireRoot = protobuf.parse(schema.replace(/\bstring (name|key|string_value) = /g, 'bytes $1 = ')).root;
wireRoot.resolveAll();
const ExportMetricsServiceRequestWire = wireRoot.lookupType('otlp.ExportMetricsServiceRequest');

/** Data points, histograms and summaries are the points; everything else (empty ones too) the entries. */
const boundsOf = (r: protobuf.Root): Omit<Bounds, 'maxPoints'> => {
  const metric = r.lookupType('otlp.Metric').fields;
  const pointFields = [
    r.lookupType('otlp.Gauge').fields.dataPoints,
    r.lookupType('otlp.Sum').fields.dataPoints,
    metric.histogram,
    metric.exponentialHistogram,
    metric.summary,
  ];
  return {
    points: new Set(pointFields as protobuf.Field[]),
    maxEntries: metrics.maxEntriesPerRequest,
    entries: 'resources, scopes, metrics and attributes',
  };
};
const jsonBounds = boundsOf(root);
const wireBounds = boundsOf(wireRoot);

type Long = number | protobuf.Long | string;
/** Text as JSON carries it, or as protobuf bytes. */
type Text = string | Uint8Array;
interface KeyValue {
  key?: Text;
  value?: { stringValue?: Text; boolValue?: boolean; intValue?: Long; doubleValue?: number };
}
interface DataPoint {
  attributes?: KeyValue[];
  startTimeUnixNano?: Long;
  timeUnixNano?: Long;
  asDouble?: number;
  asInt?: Long;
  flags?: number;
}
interface Request {
  resourceMetrics?: {
    resource?: { attributes?: KeyValue[] };
    scopeMetrics?: {
      metrics?: {
        name?: Text;
        gauge?: { dataPoints?: DataPoint[] };
        sum?: { dataPoints?: DataPoint[]; aggregationTemporality?: number };
        histogram?: unknown;
        exponentialHistogram?: unknown;
        summary?: unknown;
      }[];
    }[];
  }[];
}

const DELTA = 1;
/** DataPointFlags.FLAG_NO_RECORDED_VALUE: OTLP's staleness marker (what Prometheus's StaleNaN becomes). */
const NO_RECORDED_VALUE = 1;

const num = (v: Long | undefined) =>
  v === undefined
    ? undefined
    : typeof v === 'number'
      ? v
      : typeof v === 'string'
        ? Number(v)
        : protobuf.util.LongBits.from(v).toNumber();

/** Attributes as text, or null when a key or string value could not be stored (decision 115). */
function attributes(list: readonly KeyValue[] | undefined): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const kv of list ?? []) {
    const key = textOf(kv.key);
    const v = kv.value;
    const text =
      v?.stringValue !== undefined
        ? textOf(v.stringValue)
        : v?.intValue !== undefined
          ? String(num(v.intValue))
          : v?.doubleValue !== undefined
            ? String(v.doubleValue)
            : undefined;
    if (key === null || text === null) return null;
    if (key && text !== undefined) out[key] = text;
  }
  return out;
}

/** OTLP names may hold dots and dashes; a series name keeps letters, digits, _ and : (as Prometheus does). */
export const metricName = (name: string) => name.replace(/[^a-zA-Z0-9_:]/g, '_');

const badBody = (kind: string) =>
  new AppError('BAD_REQUEST', `The body is not an OTLP ExportMetricsServiceRequest (${kind}).`);

export function decodeOtlpProtobuf(body: Buffer, maxPoints: number): Request {
  try {
    checkWire(ExportMetricsServiceRequestWire, body, { ...wireBounds, maxPoints });
    return ExportMetricsServiceRequestWire.toObject(ExportMetricsServiceRequestWire.decode(body), {
      longs: Number,
    }) as Request;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badBody('protobuf');
  }
}

export function decodeOtlpJson(body: unknown, maxPoints: number): Request {
  checkObject(ExportMetricsServiceRequest, body, { ...jsonBounds, maxPoints });
  try {
    const message = ExportMetricsServiceRequest.fromObject(body as Record<string, unknown>);
    return ExportMetricsServiceRequest.toObject(message, { longs: Number }) as Request;
  } catch {
    throw badBody('JSON');
  }
}

/** Points of a request, data points numbered in order (a histogram or summary counts as one, rejected). */
export function otlpPoints(request: Request): { points: PointIn[]; rejected: Rejected[] } {
  const points: PointIn[] = [];
  const rejected: Rejected[] = [];
  let index = 0;
  const next = () => index++;
  for (const rm of request.resourceMetrics ?? []) {
    const resource = attributes(rm.resource?.attributes);
    const order = resource?.['portal.order'];
    for (const sm of rm.scopeMetrics ?? [])
      for (const metric of sm.metrics ?? []) {
        const text = textOf(metric.name);
        const name = metricName(text ?? '');
        const data = metric.gauge ?? metric.sum;
        if (!data) {
          rejected.push({ index: next(), errors: { metric: ['Only gauges and sums are stored.'] } });
          continue;
        }
        const delta = metric.sum?.aggregationTemporality === DELTA;
        for (const dp of data.dataPoints ?? []) {
          const at = next();
          // A point that says its series has no value from here on is no point (decision 091).
          if ((dp.flags ?? 0) & NO_RECORDED_VALUE) continue;
          const labels = attributes(dp.attributes);
          if (text === null) {
            rejected.push({ index: at, errors: { metric: [messages.text] } });
            continue;
          }
          if (!resource || !labels) {
            rejected.push({ index: at, errors: { labels: [messages.text] } });
            continue;
          }
          if (!order) {
            rejected.push({ index: at, errors: { labels: [messages.noOrder] } });
            continue;
          }
          const value = dp.asDouble ?? num(dp.asInt) ?? Number.NaN;
          const time = (num(dp.timeUnixNano) ?? 0) / 1e9;
          const start = (num(dp.startTimeUnixNano) ?? 0) / 1e9;
          const point: PointIn = {
            index: at,
            order_number: order,
            metric: name,
            labels: seriesLabelsOf(labels),
            ts: time,
            value,
          };
          // A delta sum of a counter is the increase since its start: stored as the rate over that time.
          if (delta && isCounter(name)) {
            if (!(time > start && start > 0)) {
              rejected.push({ index: at, errors: { ts: ['A delta sum needs a start time before its time.'] } });
              continue;
            }
            point.value = value / (time - start);
            point.rate = true;
          }
          points.push(point);
        }
      }
  }
  return { points, rejected };
}

/** The protobuf answer: partial success when some points were rejected (OTLP/HTTP spec). */
export function otlpResponse(rejected: readonly Rejected[]): Uint8Array {
  const first = rejected[0];
  const message = ExportMetricsServiceResponse.fromObject(
    rejected.length
      ? {
          partialSuccess: {
            rejectedDataPoints: rejected.length,
            errorMessage: `${rejected.length} data points rejected; the first (#${first?.index}): ${Object.entries(
              first?.errors ?? {},
            )
              .map(([k, v]) => `${k}: ${v.join(' ')}`)
              .join('; ')}`,
          },
        }
      : {},
  );
  return ExportMetricsServiceResponse.encode(message).finish();
}
