import { z } from 'zod';

import { defineCall } from './call.ts';
import { paged, pageParam } from './envelope.ts';
import { id, optionalId, perPage, searchText } from './fields.ts';
import { bucketSortColumns, pageSizes } from './limits.ts';
import { validationMessages as m } from './messages.ts';

/* ------------------------------------------------------------------------------------------------
 * Per-product service pages (spec services.md sections 2, 3, 7 "Product calls"): usage-based,
 * object storage and network. Chart data is a table whose first row holds the column names, the
 * first column being Time in Unix seconds; the server bounds it to `maxChartPoints` rows.
 * ---------------------------------------------------------------------------------------------- */

/** Rows (after the header) a chart table holds at most; the server keeps each bucket's peaks. */
export const maxChartPoints = 300;

/** Longest range a chart may ask for: a little over 2 years. */
export const maxChartRangeSeconds = 800 * 24 * 60 * 60;

export const chartCell = z.union([z.string(), z.number(), z.null()]);
/** [['Time', 'Series A', ...], [epochSeconds, valueA, ...], ...] */
export const chartData = z.array(z.array(chartCell));
export type ChartData = z.infer<typeof chartData>;

/** An instant of a chart range in epoch seconds (also used by the metrics area). */
export const epochSeconds = z.coerce
  .number({ error: m.integer })
  .int(m.integer)
  .min(0, m.min(0))
  .max(4102444800, m.integer);

/** `end` after `start` and at most `maxChartRangeSeconds` later. */
export const rangeCheck =
  (startKey: string, endKey: string) => (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const start = Number(value[startKey]);
    const end = Number(value[endKey]);
    if (end <= start) ctx.addIssue({ code: 'custom', path: [endKey], message: 'The end must be after the start.' });
    else if (end - start > maxChartRangeSeconds)
      ctx.addIssue({ code: 'custom', path: [endKey], message: 'The range is too long.' });
  };

const baseOrderInput = z.object({ baseOrderId: id });
const orderCodes = ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'] as const;

/**
 * One billed component of an order, as its monthly charge is made up: the rate is the component's own
 * (or its charge over its quantity), and `mrc_charges` is what the order's monthly charge adds up from.
 */
export const orderCharge = z.object({
  component_id: z.number().int(),
  description: z.string(),
  unit_of_measure: z.string().nullable(),
  quantity: z.number(),
  rate: z.number(),
  mrc_charges: z.number(),
});
export type OrderCharge = z.infer<typeof orderCharge>;

/** What every product order answer starts with: the order's facts and its billed components. */
export const productOrder = z.object({
  base_order_id: z.number().int(),
  order_number: z.string(),
  product_cd: z.string(),
  product: z.string(),
  alias: z.string().nullable(),
  account_id: z.number().int(),
  uss_circuit_id: z.string().nullable(),
  customer_ref: z.string().nullable(),
  /** The order's monthly recurring charge: the sum of its components' charges. */
  mrc_charges: z.number(),
  /** The currency of every amount and rate of the order (ISO 4217): its account's. */
  currency: z.string(),
  /** The order's billed components; the page's charge cards read rates and quantities from these. */
  charges: z.array(orderCharge),
});
export type ProductOrder = z.infer<typeof productOrder>;

/* Usage-based ---------------------------------------------------------------------------------- */

/** Usage charts shown at most (spec section 9). */
export const maxUsageCharts = 10;

export const usageComponent = z.object({
  component_id: z.number().int(),
  description: z.string(),
  unit_of_measure: z.string().nullable(),
  quantity: z.number(),
  mrc_charges: z.number(),
});

export const usageOrder = productOrder.extend({ components: z.array(usageComponent) });
export type UsageOrder = z.infer<typeof usageOrder>;

export const getUsageOrder = defineCall({
  id: 'products.getUsageOrder',
  summary: "One of the caller's usage-based orders with its billed components (up to 10).",
  tag: 'products',
  methods: ['GET'],
  path: '/usage-based/get-usage-order',
  input: baseOrderInput,
  data: usageOrder,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const usageStatsItem = z.object({
  customerOrderComponentId: z.number().int(),
  serviceComponent: z.string(),
  unitOfMeasure: z.string().nullable(),
  chartData,
  /** The latest day of usage in the range, priced at the component's rate; null without data. */
  recentCharge: z
    .object({
      unitOfMeasure: z.string().nullable(),
      valueAmount: z.number(),
      dollarAmount: z.number(),
      date: z.number().int(),
    })
    .nullable(),
});
export type UsageStatsItem = z.infer<typeof usageStatsItem>;

export const getUsageStats = defineCall({
  id: 'products.getUsageStats',
  summary: 'Daily usage of each billed component (or one) of a usage-based order between start and end.',
  tag: 'products',
  methods: ['GET'],
  path: '/usage-based/get-usage-stats',
  input: z
    .object({ baseOrderId: id, start: epochSeconds, end: epochSeconds, customerOrderComponentId: optionalId })
    .superRefine(rangeCheck('start', 'end')),
  data: z.array(usageStatsItem),
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

/* Object storage -------------------------------------------------------------------------------- */

export const obOrder = productOrder.extend({
  latest_size: z.number(),
  latest_bucket_count: z.number(),
  /** Bytes; -1 or less means no limit. */
  max_size: z.number(),
  per_gb_rate: z.number(),
});
export type ObOrder = z.infer<typeof obOrder>;

export const getOrderOb = defineCall({
  id: 'products.getOrderOb',
  summary: "One of the caller's object storage orders with its latest size, bucket count, limit and rate.",
  tag: 'products',
  methods: ['GET'],
  path: '/orders-ob/get-order-ob',
  input: baseOrderInput,
  data: obOrder,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const obStats = z.object({ size: chartData, objects: chartData });
export type ObStats = z.infer<typeof obStats>;

export const getObStats = defineCall({
  id: 'products.getObStats',
  summary: 'Stored bytes and object counts of an object storage order between start and end.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-ob/get-ob-stats',
  input: z.object({ baseOrderId: id, start: epochSeconds, end: epochSeconds }).superRefine(rangeCheck('start', 'end')),
  data: obStats,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

// In limits.ts, with no schema beside it: the bucket table's sort needs them without this module's schemas.
export { bucketSortColumns, type BucketSortColumn } from './limits.ts';

export const bucket = z.object({ bucket: z.string(), size: z.number(), num_objects: z.number() });
export type Bucket = z.infer<typeof bucket>;

export const getBuckets = defineCall({
  id: 'products.getBuckets',
  summary: 'A page of the buckets of an object storage order (latest size and object count), searchable and sortable.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-ob/get-buckets',
  input: z.object({
    baseOrderId: id,
    perPage: perPage(pageSizes.buckets),
    page: pageParam,
    sort_column: z.enum(bucketSortColumns, { error: m.type }).optional(),
    sort_order: z.enum(['asc', 'desc'], { error: m.type }).default('asc'),
    search_bucket: searchText,
  }),
  data: paged(bucket),
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

/* Network ---------------------------------------------------------------------------------------- */

export const networkChartTypes = ['bits', 'discards', 'errors', 'packets'] as const;
export type NetworkChartType = (typeof networkChartTypes)[number];
/** The raw unit of a network chart's values, in its CSV header: bits per second, else counts per second. */
export const networkRawUnit = (chartType: NetworkChartType) => (chartType === 'bits' ? 'bits/s' : 'per second');

/** Chart sets shown at most (spec section 9). */
export const maxNetworkChartSets = 10;

/** Charts of an interface by its type code (spec section 9). */
export function networkChartsFor(ifType: number): readonly NetworkChartType[] {
  if ([6, 22, 23, 117, 135, 161].includes(ifType)) return networkChartTypes;
  if (ifType === 53 || ifType === 131) return ['bits'];
  if (ifType === 108) return ['bits', 'discards'];
  return [];
}

/** A monitored interface: the order's network_interface object (product-objects), keyed by its ifIndex. */
export const networkInterface = z.object({
  snmpinterface_id: z.number().int(),
  snmpiftype: z.number().int(),
  multi_interface_alias: z.string().nullable(),
  /** The device's name of the interface (ifName, e.g. ge-0/0/0). */
  name: z.string(),
  /** Its speed in bits per second (ifHighSpeed x 10^6); 0 when unknown. */
  speed_bps: z.number(),
});
export type NetworkInterface = z.infer<typeof networkInterface>;

export const networkOrder = productOrder.extend({ interfaces: z.array(networkInterface) });
export type NetworkOrder = z.infer<typeof networkOrder>;

export const getNetworkOrder = defineCall({
  id: 'products.getNetworkOrder',
  summary: "One of the caller's network orders with its monitored interfaces.",
  tag: 'products',
  methods: ['GET'],
  path: '/network/get-network-order',
  input: baseOrderInput,
  data: networkOrder,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

const networkStatsInput = z
  .object({
    baseOrderId: id,
    interfaceId: id,
    chartType: z.enum(networkChartTypes, { error: m.type }),
    startDate: epochSeconds,
    endDate: epochSeconds,
  })
  .superRefine(rangeCheck('startDate', 'endDate'));

export const getNetworkStats = defineCall({
  id: 'products.getNetworkStats',
  summary: 'In and out counters of one interface and chart type. NETWORK_STATS_NOT_FOUND when it has none.',
  tag: 'products',
  methods: ['GET'],
  path: '/network/get-network-stats',
  input: networkStatsInput,
  data: chartData,
  codes: [...orderCodes, 'NETWORK_STATS_NOT_FOUND'],
  auth: { access: 'user', scope: 'services:read' },
});

export const downloadNetworkStats = defineCall({
  id: 'products.downloadNetworkStats',
  summary: 'The same counters as a CSV file.',
  tag: 'products',
  methods: ['GET'],
  path: '/network/download-network-stats',
  input: networkStatsInput,
  data: null,
  binary: 'text/csv',
  codes: [...orderCodes, 'NETWORK_STATS_NOT_FOUND'],
  auth: { access: 'user', scope: 'services:read' },
});
