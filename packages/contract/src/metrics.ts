import { z } from 'zod';

import { defineCall } from './call.ts';
import { id } from './fields.ts';
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
  auth: { access: 'user' },
});

export const dataFreshness = z.object({
  /** When the order's latest point was measured (epoch seconds); null when it has none. */
  last_point_at: z.number().int().nullable(),
  /** How often the order's feed sends points (the shortest step its series are sent at); null when unknown. */
  expected_interval_seconds: z.number().int().nullable(),
  /** True when the latest point is older than the expected interval: the page says when it arrived. */
  stale: z.boolean(),
});
export type DataFreshness = z.infer<typeof dataFreshness>;

export const getDataFreshness = defineCall({
  id: 'products.getDataFreshness',
  summary:
    "When the latest usage point of one of the caller's orders (any product page) was measured, how often " +
    'points are expected, and whether the data is older than that.',
  tag: 'products',
  methods: ['GET'],
  path: '/metrics/get-data-freshness',
  input: z.object({ baseOrderId: id }),
  data: dataFreshness,
  codes: orderCodes,
  auth: { access: 'user' },
});
