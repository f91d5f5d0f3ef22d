import { z } from 'zod';

import { defineCall } from './call.ts';
import { id } from './fields.ts';
import { validationMessages as m } from './messages.ts';
import { epochSeconds, rangeCheck } from './products.ts';

/* ------------------------------------------------------------------------------------------------
 * Usage data (issue 12): what customers read about an order's series beyond its charts, and the
 * provider's ingestion calls (scope metrics). Series = order + metric + labels; the charts themselves
 * stay in the product areas' calls.
 * ---------------------------------------------------------------------------------------------- */

const orderCodes = ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'] as const;

/** One direction of an interface over a range, in bits per second. */
export const trafficSummary = z.object({
  min: z.number(),
  max: z.number(),
  avg: z.number(),
  /** 95th percentile of the 5-minute averages in the range (burstable billing, nearest-rank). */
  p95: z.number(),
  /** The latest value in the range, and when it was measured (epoch seconds). */
  last: z.number(),
  last_at: z.number().int(),
});
export type TrafficSummary = z.infer<typeof trafficSummary>;

export const networkSummary = z.object({
  /** null when the interface has no traffic points in the range. */
  in: trafficSummary.nullable(),
  out: trafficSummary.nullable(),
});
export type NetworkSummary = z.infer<typeof networkSummary>;

export const getNetworkSummary = defineCall({
  id: 'products.getNetworkSummary',
  summary:
    'Min, max, average, 95th percentile (of 5-minute averages) and last value of an interface, in and out, in ' +
    'bits per second, between startDate and endDate. NETWORK_STATS_NOT_FOUND when the interface has no bits chart.',
  tag: 'products',
  methods: ['GET'],
  path: '/network/get-network-summary',
  input: z
    .object({ baseOrderId: id, interfaceId: id, startDate: epochSeconds, endDate: epochSeconds })
    .superRefine(rangeCheck('startDate', 'endDate')),
  data: networkSummary,
  codes: [...orderCodes, 'NETWORK_STATS_NOT_FOUND'],
  auth: { access: 'user', scope: 'services:read' },
});

export const dataFreshness = z.object({
  /** When the order's latest point was measured (epoch seconds); null when it has none. */
  last_point_at: z.number().int().nullable(),
  /** How often the order's feed sends points (the shortest step its series are sent at); null when unknown. */
  expected_interval_seconds: z.number().int().nullable(),
  /** True when the latest point is older than the expected interval: the page says when it arrived. */
  stale: z.boolean(),
  /**
   * True when a connector that feeds the order (an SNMP device polled for it, a Prometheus-compatible
   * source answering its series) failed at its last attempt: the page says its data is delayed.
   */
  delayed: z.boolean(),
});
export type DataFreshness = z.infer<typeof dataFreshness>;

export const getDataFreshness = defineCall({
  id: 'products.getDataFreshness',
  summary:
    "When the latest usage point of one of the caller's orders (any product page) was measured, how often " +
    'points are expected, whether the data is older than that, and whether a connector feeding it is failing.',
  tag: 'products',
  methods: ['GET'],
  path: '/metrics/get-data-freshness',
  input: z.object({ baseOrderId: id }),
  data: dataFreshness,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

/* Live updates (issue 13) ---------------------------------------------------------------------- */

/** The data of a live `point` event: a new point of one of the order's series. */
export const livePoint = z.object({
  /** The series' metric (the catalogue's name, e.g. if_in_octets). */
  series: z.string(),
  /** The object the series measures (an interface's key; a usage component's key); null for the order. */
  object_key: z.string().nullable(),
  /** When it was measured, in epoch seconds. */
  ts: z.number().int(),
  /** The stored value: for a counter, the per-second rate the chart shows (octets/s for if_in_octets). */
  value: z.number(),
});
export type LivePoint = z.infer<typeof livePoint>;

/** Seconds between the comments that keep a live stream's proxies and balancers from closing it. */
export const liveHeartbeatSeconds = 15;

export const liveOrder = defineCall({
  id: 'products.liveOrder',
  summary:
    "Server-Sent Events (text/event-stream) of one of the caller's orders: each new point of its series as an " +
    'event `point` with data {series, object_key, ts, value} (a counter sends its per-second rate; its first ' +
    'reading, which has no rate, sends none), a comment every 15 seconds, and the end of the stream when the ' +
    'token expires. Errors (no token, an order the caller may not see) answer the envelope before the stream.',
  tag: 'products',
  methods: ['GET'],
  path: '/live/orders/:baseOrderId',
  input: z.object({ baseOrderId: id }),
  data: null,
  binary: 'text/event-stream',
  codes: orderCodes,
  auth: { access: 'user' },
});

/* Ingestion (scope metrics) -------------------------------------------------------------------- */

/** Points one ingestion request may carry at most. */
export const maxPointsPerRequest = 10_000;
/**
 * Entries besides its points (series and labels; resources, scopes, metrics and attributes) a remote
 * write or OTLP request may carry at most, empty ones included: 20 for each point it may carry.
 */
export const maxEntriesPerRequest = 200_000;

const limitsText =
  `A request carries at most ${maxPointsPerRequest.toLocaleString('en-US')} points and ` +
  `${maxEntriesPerRequest.toLocaleString('en-US')} other entries, empty ones included (413 beyond); a name, ` +
  'label or attribute that is not UTF-8 text or holds a NUL rejects its points; an order has at most a ' +
  'configured number of series (10,000 by default), and points of a new series beyond it are rejected.';

/** Longest order number, label value and metric name a point may carry. */
export const maxPointText = 200;
/** A series' metric name, as Prometheus spells one. */
export const metricNamePattern = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

/**
 * One point of the JSON call. The server reads each point on its own (a bad one is rejected with its
 * reasons, the others are stored), so the call's input takes the list as it comes; this is its shape,
 * which the API description shows (documentedInput).
 */
export const metricPoint = z.object({
  order_number: z
    .string()
    .min(1)
    .max(maxPointText)
    .describe("The order's number, as the provider's billing system knows it (a number is read as its digits)."),
  metric: z
    .string()
    .min(1)
    .max(maxPointText)
    .regex(metricNamePattern)
    .describe(
      'Prometheus-style name: letters, digits, _ and :, not starting with a digit; the names the product pages ' +
        'chart are in docs/metrics-catalogue.md.',
    ),
  labels: z
    .strictObject({
      object_key: z.string().min(1).max(maxPointText).optional(),
      component_key: z.string().min(1).max(maxPointText).optional(),
    })
    .optional()
    .describe(
      'What the series measures: object_key (an interface, a bucket, a VM...) or component_key (a usage ' +
        'component of the order). No other label is taken.',
    ),
  ts: z
    .union([z.number().min(0), z.string().max(64)])
    .describe(
      'When it was measured: epoch seconds (a fraction keeps milliseconds) or an RFC 3339 time with its ' +
        'offset (2026-11-28T09:00:00Z, 2026-11-28T10:00:00.250+01:00); at most 10 minutes ahead of the ' +
        "portal's clock.",
    ),
  value: z.number().describe("A gauge's value, or a counter's raw reading (the portal stores its per-second rate)."),
});
export type MetricPoint = z.infer<typeof metricPoint>;

export const ingestResult = z.object({
  /** Valid points, repeats of stored points included (storing one twice changes nothing). */
  accepted: z.number().int(),
  /** Points not stored: their place in the request and, per field, why. */
  rejected: z.array(z.object({ index: z.number().int(), errors: z.record(z.string(), z.array(z.string())) })),
});
export type IngestResult = z.infer<typeof ingestResult>;

const ingestCodes = [
  'SUCCESS',
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'TOO_MANY_ATTEMPTS',
] as const;

export const ingestPoints = defineCall({
  id: 'integration.metrics.ingest',
  summary:
    `Stores up to ${maxPointsPerRequest.toLocaleString('en-US')} usage points (scope metrics): ` +
    '{points: [{order_number, metric, labels, ts, value}]}. Each point is checked on its own; the answer ' +
    'counts the accepted ones and gives the index and reasons of each rejected one.',
  tag: 'integration',
  methods: ['POST'],
  path: '/integration/v1/metrics',
  input: z.object({
    points: z
      .array(z.unknown(), { error: m.required })
      .min(1, m.mincheck(1))
      .max(maxPointsPerRequest, m.maxcheck(maxPointsPerRequest)),
  }),
  /** The document shows each point's fields (the server reads every point on its own, see 091). */
  documentedInput: z.object({ points: z.array(metricPoint).min(1).max(maxPointsPerRequest) }),
  data: ingestResult,
  codes: ingestCodes,
  auth: { access: 'integration', scope: 'metrics' },
});

export const prometheusWrite = defineCall({
  id: 'integration.metrics.prometheusWrite',
  summary:
    'Prometheus remote write 1.0 (scope metrics): a snappy-compressed protobuf WriteRequest ' +
    '(Content-Type application/x-protobuf, Content-Encoding snappy). __name__ is the metric, the ' +
    'portal_order label the order number, object_key or component_key the object; other labels are ' +
    'not part of the series. Answers like the JSON call, samples numbered in the order they came. ' +
    limitsText,
  tag: 'integration',
  methods: ['POST'],
  path: '/integration/v1/prometheus/write',
  input: z.object({}),
  data: ingestResult,
  codes: [...ingestCodes, 'UNSUPPORTED_MEDIA_TYPE'],
  auth: { access: 'integration', scope: 'metrics' },
  rawBody: true,
});

export const otlpMetrics = defineCall({
  id: 'integration.metrics.otlp',
  summary:
    'OTLP/HTTP metrics (scope metrics): an ExportMetricsServiceRequest as protobuf (application/x-protobuf, ' +
    'optionally gzip) or JSON. The resource attribute portal.order is the order number; gauges and sums ' +
    '(cumulative sums of the counter metrics are readings, delta sums rates) are stored. A protobuf request ' +
    'is answered with an ExportMetricsServiceResponse (partial_success when points were rejected), a JSON ' +
    'one like the JSON call. ' +
    limitsText,
  tag: 'integration',
  methods: ['POST'],
  path: '/integration/v1/otlp/v1/metrics',
  input: z.object({}),
  data: ingestResult,
  codes: [...ingestCodes, 'UNSUPPORTED_MEDIA_TYPE'],
  auth: { access: 'integration', scope: 'metrics' },
  rawBody: true,
});

/* Usage data export (issue 33): one series of an order over a range, at a step of the rollup tiers ---- */

/** The steps an export may take: the rollup tiers' widths (5 minutes, an hour, a day). */
export const exportSteps = [300, 3600, 86400] as const;
/** Most rows one export answers: a longer range takes a wider step. */
export const maxExportRows = 10_000;

const exportInput = z
  .object({
    baseOrderId: id,
    /** The catalogue name of the metric (docs/metrics-catalogue.md), e.g. if_in_octets. */
    metric: z.string({ error: m.required }).trim().min(1, m.required).max(100, m.maxlength),
    /** The object measured (the metric's label value, e.g. the interface id); none for the order as a whole. */
    object: z.string({ error: m.type }).trim().max(200, m.maxlength).optional(),
    start: epochSeconds,
    end: epochSeconds,
    step: z.coerce
      .number({ error: m.integer })
      .refine((value) => (exportSteps as readonly number[]).includes(value), m.type),
  })
  .superRefine((value, ctx) => {
    if (value.end <= value.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end must be after the start.' });
    else if ((value.end - value.start) / value.step > maxExportRows)
      ctx.addIssue({ code: 'custom', path: ['step'], message: 'The range is too long for this step.' });
  });

export const exportSeries = defineCall({
  id: 'metrics.exportSeries',
  summary:
    "One usage series of one of the caller's orders over [start, end] at a step of the rollup tiers (300, 3600 or 86400 seconds): the chart table (first row the column names, Time in Unix seconds), one row per step-wide bucket aligned to the step in Unix time (days from 00:00 UTC), from the bucket holding start to the one holding end, each the whole bucket's peak or newest value as the metric says (null without data).",
  tag: 'metrics',
  methods: ['GET'],
  path: '/metrics/export-series',
  input: exportInput,
  data: z.array(z.array(z.union([z.number(), z.string(), z.null()]))),
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const downloadSeries = defineCall({
  id: 'metrics.downloadSeries',
  summary: 'The same series as exportSeries, as a CSV file headed Time (UTC) and the series with its raw unit.',
  tag: 'metrics',
  methods: ['GET'],
  path: '/metrics/download-series',
  input: exportInput,
  data: null,
  binary: 'text/csv',
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});
