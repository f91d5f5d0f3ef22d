import { z } from 'zod';

import { defineCall } from './call.ts';
import { paged, pageParam } from './envelope.ts';
import { id, optionalId, perPage } from './fields.ts';
import { pageSizes } from './limits.ts';
import { chartData, epochSeconds, productOrder, rangeCheck } from './products.ts';

/* ------------------------------------------------------------------------------------------------
 * Disaster recovery (ds) page and its protection group (VPG) and VM sub-pages (spec services.md
 * sections 2, 3, 7 and 9; issue 14). Storage in bytes (base 1024), RPO in seconds. vpgId and vmId
 * are the portal's ids of the objects the provider feeds as dr_protection_group and dr_vm
 * (decision 096); a VM belongs to the protection group its `vpg` names.
 * ---------------------------------------------------------------------------------------------- */

const codes = ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'] as const;
const range = { startDate: epochSeconds, endDate: epochSeconds };

/** A protection group's state as the replication software reports it. */
export const vpgStatuses = [
  'meeting_sla',
  'rpo_not_meeting_sla',
  'history_not_meeting_sla',
  'initializing',
  'failing_over',
  'paused',
] as const;
export type VpgStatus = (typeof vpgStatuses)[number];

export const vpgSummary = z.object({
  vpg_id: z.number().int(),
  vpg_name: z.string(),
  vms_count: z.number().int(),
  status: z.enum(vpgStatuses),
});
export type VpgSummary = z.infer<typeof vpgSummary>;

export const dsOrder = productOrder.extend({
  vms_count: z.number().int(),
  vpgs_count: z.number().int(),
  /** Bytes provisioned for the recovery volumes (latest daily value). */
  recovery_volumes_provisioned_storage: z.number(),
  /** Bytes the recovery volumes use (latest daily value). */
  recovery_volumes_used_storage: z.number(),
  /** Bytes the journals use (latest daily value). */
  recovery_journal_used_storage: z.number(),
  /** Monthly charge per protected VM: the 'Protected virtual machines' component's charge over its quantity. */
  per_vm_rate: z.number(),
  /** Epoch seconds of the latest measurement; null without one. */
  run_date: z.number().int().nullable(),
  vpgs: z.array(vpgSummary),
});
export type DsOrder = z.infer<typeof dsOrder>;

export const getOrderDs = defineCall({
  id: 'productsDs.getOrderDs',
  summary: "One of the caller's disaster recovery orders: VM and protection group counts, storage and the per-VM rate.",
  tag: 'products',
  methods: ['GET'],
  path: '/orders-ds/get-order-ds',
  input: z.object({ baseOrderId: id }),
  data: dsOrder,
  codes,
  auth: { access: 'user', scope: 'services:read' },
});

/** Storage chart columns: Time, Provisioned, Used, Journal (bytes). */
export const dsStats = z.object({
  storage: chartData,
  /** Time, VMs, Protection groups. */
  counts: chartData,
  /** Time and the actual RPO (seconds, the day's worst) of each protection group. */
  rpo: chartData,
});
export type DsStats = z.infer<typeof dsStats>;

export const getDsStats = defineCall({
  id: 'productsDs.getDsStats',
  summary:
    'Storage, protected VM and protection group counts and RPO per protection group between startDate and endDate.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-ds/get-ds-stats',
  input: z.object({ baseOrderId: id, ...range }).superRefine(rangeCheck('startDate', 'endDate')),
  data: dsStats,
  codes,
  auth: { access: 'user', scope: 'services:read' },
});

export const dsVm = z.object({
  vm_id: z.number().int(),
  vm_name: z.string(),
  vpg_id: z.number().int(),
  /** The protection group's name. */
  vpg: z.string(),
  /** Seconds; null without a measurement. */
  actual_rpo: z.number().nullable(),
  journal_size_used: z.number().nullable(),
  provisioned_storage: z.number().nullable(),
  used_storage: z.number().nullable(),
});
export type DsVm = z.infer<typeof dsVm>;

const vmSearch = { baseOrderId: id, vpgId: optionalId };

export const getVms = defineCall({
  id: 'productsDs.getVms',
  summary: 'A page (10 by default) of the protected VMs of an order, or of one of its protection groups.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-ds/get-vms',
  input: z.object({ ...vmSearch, perPage: perPage(pageSizes.drTables), page: pageParam }),
  data: paged(dsVm),
  codes,
  auth: { access: 'user', scope: 'services:read' },
});

export const downloadVms = defineCall({
  id: 'productsDs.downloadVms',
  summary: 'The protected VMs of an order (or of one protection group) as a CSV file. NOT_FOUND when there are none.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-ds/download-vms',
  input: z.object(vmSearch),
  data: null,
  binary: 'text/csv',
  codes,
  auth: { access: 'user', scope: 'services:read' },
});

export const dsVpg = z.object({
  vpg_id: z.number().int(),
  base_order_id: z.number().int(),
  vpg_name: z.string(),
  vms_count: z.number().int(),
  status: z.enum(vpgStatuses),
  /** Seconds: the RPO the group is configured to meet, and the latest measured one (null without). */
  configured_rpo: z.number().int(),
  actual_rpo: z.number().nullable(),
  provisioned_storage: z.number().nullable(),
  used_storage: z.number().nullable(),
  journal_used_storage: z.number().nullable(),
  /** Epoch seconds of the last failover test; null when never tested. */
  last_test: z.number().int().nullable(),
});
export type DsVpg = z.infer<typeof dsVpg>;

export const getVpg = defineCall({
  id: 'productsDs.getVpg',
  summary: 'One protection group of one of the caller’s disaster recovery orders.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-ds/get-vpg',
  input: z.object({ vpgId: id }),
  data: dsVpg,
  codes,
  auth: { access: 'user', scope: 'services:read' },
});

/** storage: Time, Provisioned, Used, Journal (bytes); rpo: Time, Actual RPO (seconds, the worst of each group). */
export const objectStats = z.object({ storage: chartData, rpo: chartData });
export type DsObjectStats = z.infer<typeof objectStats>;

export const getVpgStats = defineCall({
  id: 'productsDs.getVpgStats',
  summary: 'Storage and actual RPO of one protection group between startDate and endDate.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-ds/get-vpg-stats',
  input: z.object({ vpgId: id, ...range }).superRefine(rangeCheck('startDate', 'endDate')),
  data: objectStats,
  codes,
  auth: { access: 'user', scope: 'services:read' },
});

export const dsVmDetail = dsVm.extend({
  base_order_id: z.number().int(),
  configured_rpo: z.number().int(),
});
export type DsVmDetail = z.infer<typeof dsVmDetail>;

export const getVm = defineCall({
  id: 'productsDs.getVm',
  summary: 'One protected VM of one of the caller’s disaster recovery orders.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-ds/get-vm',
  input: z.object({ vmId: id }),
  data: dsVmDetail,
  codes,
  auth: { access: 'user', scope: 'services:read' },
});

export const getVmStats = defineCall({
  id: 'productsDs.getVmStats',
  summary: 'Storage and actual RPO of one protected VM between startDate and endDate.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-ds/get-vm-stats',
  input: z.object({ vmId: id, ...range }).superRefine(rangeCheck('startDate', 'endDate')),
  data: objectStats,
  codes,
  auth: { access: 'user', scope: 'services:read' },
});
