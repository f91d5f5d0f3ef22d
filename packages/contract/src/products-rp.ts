import { z } from 'zod';

import { defineCall } from './call.ts';
import { paged, pageParam } from './envelope.ts';
import { id, perPage, searchText } from './fields.ts';
import { pageSizes } from './limits.ts';
import { validationMessages as m } from './messages.ts';
import { chartData, maxChartRangeSeconds, productOrder } from './products.ts';

/* ------------------------------------------------------------------------------------------------
 * Resource pool product page (spec services.md sections 2, 3, 7 and 9): current usage per memory,
 * compute and each storage profile, timeline charts per metric, a paged searchable VM table and a
 * VM download. Bytes use base 1024, hertz base 1000; a limit of 0 or less means no limit (meter).
 * ---------------------------------------------------------------------------------------------- */

/** Resource pool charts shown at most (spec section 9). */
export const maxResourcePoolCharts = 30;

const epochSeconds = z.coerce.number({ error: m.integer }).int(m.integer).min(0, m.min(0)).max(4102444800, m.integer);
const orderCodes = ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'] as const;

export const storageProfile = z.object({ name: z.string(), bytes_used: z.number(), bytes_limit: z.number() });
export type StorageProfile = z.infer<typeof storageProfile>;

export const resourcePoolOrder = productOrder.extend({
  memory_bytes_used: z.number(),
  memory_bytes_limit: z.number(),
  cpu_hz_used: z.number(),
  cpu_hz_limit: z.number(),
  storage_profiles: z.array(storageProfile),
});
export type ResourcePoolOrder = z.infer<typeof resourcePoolOrder>;

export const getResourcePoolOrder = defineCall({
  id: 'productsRp.getResourcePoolOrder',
  summary: "One of the caller's resource pool orders with its latest memory, compute and storage profile usage.",
  tag: 'products',
  methods: ['GET'],
  path: '/resource-pools/get-resource-pool-order',
  input: z.object({ baseOrderId: id }),
  data: resourcePoolOrder,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const resourcePoolChart = z.object({
  /** 'memory', 'cpu' or 'storage:<profile>'. */
  key: z.string(),
  title: z.string(),
  unit: z.enum(['bytes', 'hertz']),
  chartData,
});
export type ResourcePoolChart = z.infer<typeof resourcePoolChart>;

export const getResourcePoolStats = defineCall({
  id: 'productsRp.getResourcePoolStats',
  summary:
    'Used and limit timelines per metric (memory, compute, each storage profile; up to 30) between start and end.',
  tag: 'products',
  methods: ['GET'],
  path: '/resource-pools/get-resource-pool-stats',
  input: z.object({ baseOrderId: id, start: epochSeconds, end: epochSeconds }).superRefine((value, ctx) => {
    if (value.end <= value.start)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'The end must be after the start.' });
    else if (value.end - value.start > maxChartRangeSeconds)
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'The range is too long.' });
  }),
  data: z.array(resourcePoolChart),
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const vmSortColumns = ['name', 'memory_bytes', 'number_of_cpus'] as const;
export type VmSortColumn = (typeof vmSortColumns)[number];

export const resourcePoolVm = z.object({ name: z.string(), memory_bytes: z.number(), number_of_cpus: z.number() });
export type ResourcePoolVm = z.infer<typeof resourcePoolVm>;

const vmSearch = {
  baseOrderId: id,
  sort_column: z.enum(vmSortColumns, { error: m.type }).optional(),
  sort_order: z.enum(['asc', 'desc'], { error: m.type }).default('asc'),
  search_all: searchText,
};

export const getResourcePoolVms = defineCall({
  id: 'productsRp.getResourcePoolVms',
  summary: 'A page of the VMs of a resource pool order, searchable (name) and sortable.',
  tag: 'products',
  methods: ['GET'],
  path: '/resource-pools/get-resource-pool-vms',
  input: z.object({ ...vmSearch, perPage: perPage(pageSizes.resourcePoolVms), page: pageParam }),
  data: paged(resourcePoolVm),
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const downloadResourcePoolVms = defineCall({
  id: 'productsRp.downloadResourcePoolVms',
  summary: 'The VMs of the current search as a CSV file. NOT_FOUND when there are no VMs to download.',
  tag: 'products',
  methods: ['GET'],
  path: '/resource-pools/download-resource-pool-vms',
  input: z.object(vmSearch),
  data: null,
  binary: 'text/csv',
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});
