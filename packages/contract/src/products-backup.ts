import { z } from 'zod';

import { defineCall } from './call.ts';
import { id } from './fields.ts';
import { validationMessages as m } from './messages.ts';
import { chartData, maxChartRangeSeconds, productOrder } from './products.ts';

/* ------------------------------------------------------------------------------------------------
 * Virtual machine backup (cv) and endpoint detection (ed) service pages (spec services.md sections
 * 2, 3, 7). Chart tables follow products.ts: first row the column names, Time in Unix seconds first.
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

/* Virtual machine backup -------------------------------------------------------------------------- */

/** A backup client installer the provider publishes for one platform. */
export const clientDownload = z.object({
  /** 'Windows', 'Linux', 'macOS', ... */
  platform: z.string(),
  /** What the link offers, e.g. 'Windows agent (64-bit MSI)'. */
  label: z.string(),
  url: z.string(),
});
export type ClientDownload = z.infer<typeof clientDownload>;

export const cvOrder = productOrder.extend({
  /** Protected virtual machines on the latest day with data. */
  backup_count: z.number(),
  /** Backup storage used on the latest day with data, in bytes. */
  used_bytes: z.number(),
  /** Dollars per GB (1024^3 bytes) a month: the 'Backup storage' component's rate. */
  per_gb_rate: z.number(),
  /** Storage charge: the 'Backup storage' component's charge for the month, in dollars. */
  gb_amount: z.number(),
  /** Epoch seconds of the latest day with data; null without data. */
  run_date: z.number().int().nullable(),
  /** Dollars per protected VM a month: the 'Protected virtual machines' component's rate. */
  per_vm_rate: z.number(),
  /** VM charge for the month: the 'Protected virtual machines' component's charge, in dollars. */
  mm_rate_per_vm: z.number(),
  /** The provider's backup client installers, per platform (configured, decision 099). */
  client_downloads: z.array(clientDownload),
});
export type CvOrder = z.infer<typeof cvOrder>;

export const getOrderCv = defineCall({
  id: 'productsBackup.getOrderCv',
  summary: "One of the caller's virtual machine backup orders: VM count, storage used, rates and charges.",
  tag: 'products',
  methods: ['GET'],
  path: '/orders-cv/get-order-cv',
  input: baseOrderInput,
  data: cvOrder,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const cvStats = z.object({ vm_count: chartData, used_storage: chartData });
export type CvStats = z.infer<typeof cvStats>;

export const getCvStats = defineCall({
  id: 'productsBackup.getCvStats',
  summary: 'Protected VM count and backup storage used of a virtual machine backup order.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-cv/get-cv-stats',
  input: statsInput,
  data: cvStats,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

/* Endpoint detection ------------------------------------------------------------------------------ */

export const edOrder = productOrder.extend({
  /** The order has an 'EDR licences' component with a quantity above 0. */
  hasLicenses: z.boolean(),
  /** Active licences on the latest day with data. */
  active_licenses: z.number(),
  /** Dollars per licence a month. */
  licenses_rate: z.number(),
  /** Active hardware-bound licences on the latest day with data. */
  active_licenses_hw: z.number(),
  /** Epoch seconds of the latest day with data; null without data. */
  last_run_date: z.number().int().nullable(),
});
export type EdOrder = z.infer<typeof edOrder>;

export const getOrderEd = defineCall({
  id: 'productsBackup.getOrderEd',
  summary: "One of the caller's endpoint detection orders: active licences and the licence rate.",
  tag: 'products',
  methods: ['GET'],
  path: '/orders-ed/get-order-ed',
  input: baseOrderInput,
  data: edOrder,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const edStats = z.object({ license: chartData });
export type EdStats = z.infer<typeof edStats>;

export const getEdStats = defineCall({
  id: 'productsBackup.getEdStats',
  summary: 'Active and hardware-bound licences of an endpoint detection order.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-ed/get-ed-stats',
  input: statsInput,
  data: edStats,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});
