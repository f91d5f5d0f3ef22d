import { z } from 'zod';

import { defineCall } from './call.ts';
import { id } from './fields.ts';
import { validationMessages as m } from './messages.ts';
import { chartData, maxChartRangeSeconds, productOrder } from './products.ts';

/* ------------------------------------------------------------------------------------------------
 * Open cloud (oc) and backup platform (ch) service pages (spec services.md sections 2, 3, 7). Chart
 * tables follow products.ts: first row the column names, Time in Unix seconds first.
 * ---------------------------------------------------------------------------------------------- */

const epochSeconds = z.coerce.number({ error: m.integer }).int(m.integer).min(0, m.min(0)).max(4102444800, m.integer);

const statsInput = z
  .object({ baseOrderId: id, startDate: epochSeconds, endDate: epochSeconds })
  .superRefine((value, ctx) => {
    if (value.endDate <= value.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end must be after the start.' });
    else if (value.endDate - value.startDate > maxChartRangeSeconds)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The range is too long.' });
  });

const baseOrderInput = z.object({ baseOrderId: id });
const orderCodes = ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'] as const;

/* Open cloud -------------------------------------------------------------------------------------- */

export const ocOrder = productOrder.extend({
  instances_apply: z.boolean(),
  volume_storage_apply: z.boolean(),
  snap_storage_apply: z.boolean(),
  open_cloud: z.object({
    daily_vm_qty: z.number(),
    /** Epoch seconds of the latest day with data; null without data. */
    run_date: z.number().int().nullable(),
    volume_storage_bytes: z.number(),
    snap_storage_bytes: z.number(),
  }),
  /** Month-to-date spend (dollars) of each component, from the daily usage since the 1st (UTC). */
  mtd_spend: z.object({
    mtd_daily_vm_mrc: z.number(),
    mtd_daily_volume_storage_mrc: z.number(),
    mtd_daily_snapshot_storage_mrc: z.number(),
  }),
});
export type OcOrder = z.infer<typeof ocOrder>;

export const getOrderOc = defineCall({
  id: 'productsCloud.getOrderOc',
  summary: "One of the caller's open cloud orders: which components apply, latest usage, month-to-date spend.",
  tag: 'products',
  methods: ['GET'],
  path: '/orders-oc/get-order-oc',
  input: baseOrderInput,
  data: ocOrder,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const ocStats = z.object({
  instance_count: chartData,
  instance_type_count: chartData,
  distinct_instance_types: z.array(z.string()),
  volume_storage: chartData,
  snap_storage: chartData,
  uncommitted_usage: chartData,
  startDate: z.number().int(),
});
export type OcStats = z.infer<typeof ocStats>;

export const getOcStats = defineCall({
  id: 'productsCloud.getOcStats',
  summary: 'Instance, instance type, volume, snapshot and uncommitted usage charts of an open cloud order.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-oc/get-oc-stats',
  input: statsInput,
  data: ocStats,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

/* Backup platform --------------------------------------------------------------------------------- */

export const chOrder = productOrder.extend({
  backup_mgmt_applies: z.boolean(),
  backup_storage_applies: z.boolean(),
  replication_storage_applies: z.boolean(),
  platform: z.object({
    backup_mgmt_objects: z.number(),
    backup_mgmt_objects_rate: z.number(),
    backup_mgmt_objects_mrc: z.number(),
    backup_storage_bytes: z.number(),
    backup_storage_rate: z.number(),
    backup_storage_mrc: z.number(),
    replication_storage_bytes: z.number(),
    replication_storage_rate: z.number(),
    replication_storage_mrc: z.number(),
    /** Epoch seconds of the latest day with data; null without data. */
    run_date: z.number().int().nullable(),
  }),
});
export type ChOrder = z.infer<typeof chOrder>;

export const getOrderCh = defineCall({
  id: 'productsCloud.getOrderCh',
  summary: "One of the caller's backup platform orders: which parts apply, latest usage, rates and charges.",
  tag: 'products',
  methods: ['GET'],
  path: '/orders-ch/get-order-ch',
  input: baseOrderInput,
  data: chOrder,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const chStats = z.object({ backup_mgmt: chartData, backup_storage: chartData, replication_storage: chartData });
export type ChStats = z.infer<typeof chStats>;

export const getChStats = defineCall({
  id: 'productsCloud.getChStats',
  summary: 'Managed objects, backup storage and replication storage of a backup platform order.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-ch/get-ch-stats',
  input: statsInput,
  data: chStats,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});
