import { z } from 'zod';

import { defineCall } from './call.ts';
import { paged, pageParam } from './envelope.ts';
import { id, perPage } from './fields.ts';
import { pageSizes } from './limits.ts';
import { validationMessages as m } from './messages.ts';
import { chartData, maxChartRangeSeconds, productOrder } from './products.ts';

/* ------------------------------------------------------------------------------------------------
 * Backup as a service (bs) page and its backup resource detail (spec services.md sections 2, 3, 7
 * and 8). Storage in bytes (base 1024). The managed-backup calls answer ORDER_BS_NOT_MANAGED when
 * the order has no backup management component; the page then skips its backup sections.
 * ---------------------------------------------------------------------------------------------- */

const epochSeconds = z.coerce.number({ error: m.integer }).int(m.integer).min(0, m.min(0)).max(4102444800, m.integer);

const range = { startDate: epochSeconds, endDate: epochSeconds };
const checkRange = (value: { startDate: number; endDate: number }, ctx: z.RefinementCtx) => {
  if (value.endDate <= value.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The end must be after the start.' });
  else if (value.endDate - value.startDate > maxChartRangeSeconds)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'The range is too long.' });
};

/** A managed backup's resource id: a 40-character hex hash. */
export const resourceId = z
  .string({ error: m.type })
  .trim()
  .max(40, { error: m.type, abort: true })
  .regex(/^[0-9a-f]{40}$/, m.type);

const orderCodes = ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'] as const;
const managedCodes = [...orderCodes, 'ORDER_BS_NOT_MANAGED'] as const;

export const bsOrder = productOrder.extend({
  production_storage_size: z.number(),
  trial_storage_size: z.number(),
  /** null when the order has no local cache appliance. */
  local_storage_size: z.number().nullable(),
  per_gb_rate: z.number(),
  per_local_gb_rate: z.number(),
  bs_bm_rate: z.number(),
  bs_bo_rate: z.number(),
  workstation_count: z.number(),
  vm_count: z.number(),
  server_count: z.number(),
  mobile_count: z.number(),
  mailbox_count: z.number(),
  teams_count: z.number(),
  sharepoint_sites_count: z.number(),
  website_count: z.number(),
});
export type BsOrder = z.infer<typeof bsOrder>;

export const getOrderBs = defineCall({
  id: 'productsBs.getOrderBs',
  summary: "One of the caller's backup as a service orders: storage sizes, protected item counts and rates.",
  tag: 'products',
  methods: ['GET'],
  path: '/orders-bs/get-order-bs',
  input: z.object({ baseOrderId: id }),
  data: bsOrder,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const getBsStorageStats = defineCall({
  id: 'productsBs.getBsStorageStats',
  summary: 'Production and local storage timelines of a backup as a service order between startDate and endDate.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-bs/get-bs-storage-stats',
  input: z.object({ baseOrderId: id, ...range }).superRefine(checkRange),
  data: z.object({ production: chartData, local: chartData }),
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const managedBackup = z.object({
  resource_id: z.string(),
  title: z.string(),
  /** Epoch seconds of the latest run in the range; null without one. */
  last_backup: z.number().int().nullable(),
  ok_count: z.number().int(),
  error_count: z.number().int(),
  /** Status of the latest run in the range, null without one. */
  status: z.enum(['ok', 'error']).nullable(),
});
export type ManagedBackup = z.infer<typeof managedBackup>;

export const getBsManagedBackups = defineCall({
  id: 'productsBs.getBsManagedBackups',
  summary: 'The managed backups of an order with their runs between startDate and endDate.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-bs/get-bs-managed-backups',
  input: z.object({ baseOrderId: id, ...range }).superRefine(checkRange),
  data: z.array(managedBackup),
  codes: managedCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const getBsManagedBackup = defineCall({
  id: 'productsBs.getBsManagedBackup',
  summary: 'One managed backup of an order (the base order id scopes the resource id).',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-bs/get-bs-managed-backup',
  input: z.object({ baseOrderId: id, resourceId }),
  data: z.object({ resource_id: z.string(), title: z.string() }),
  codes: managedCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const backupRun = z.object({
  /** Epoch seconds. */
  last_backup: z.number().int(),
  status: z.enum(['ok', 'error']),
});
export type BackupRun = z.infer<typeof backupRun>;

export const getBsResourceBackups = defineCall({
  id: 'productsBs.getBsResourceBackups',
  summary: 'A page (15 by default) of the runs of one managed backup between startDate and endDate, newest first.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-bs/get-bs-resource-backups',
  input: z
    .object({
      baseOrderId: id,
      resourceId,
      perPage: perPage(pageSizes.backupHistory),
      page: pageParam,
      ...range,
    })
    .superRefine(checkRange),
  data: paged(backupRun),
  codes: managedCodes,
  auth: { access: 'user', scope: 'services:read' },
});
