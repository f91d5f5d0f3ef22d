import { z } from 'zod';

import { defineCall } from './call.ts';
import { paged, pageParam } from './envelope.ts';
import { id, perPage, requiredText } from './fields.ts';
import { pageSizes } from './limits.ts';
import { chartData, epochSeconds, productOrder, rangeCheck } from './products.ts';

/* ------------------------------------------------------------------------------------------------
 * Endpoint backup (eb) page and its two sub-pages (spec services.md sections 2, 3 and 7; decision
 * 097). The order answers which sections apply (agent, image); the agent clients and image machines
 * come 10 a page; each client and machine has its own page with its stats. Bytes base 1024.
 * ---------------------------------------------------------------------------------------------- */

const orderCodes = ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'] as const;

/** An agent client's name as the backup platform reports it (the object key of its series). */
export const clientName = requiredText(200);
/** An image-backed machine's name as the image platform reports it (the object key of its series). */
export const vmName = requiredText(200);

/** How the latest backup or snapshot ended; null before the first one. */
export const runStatus = z.enum(['ok', 'warning', 'error']);
export type RunStatus = z.infer<typeof runStatus>;

/** The agent platform: protected endpoints and data, with the rates and monthly amounts billed. */
export const agentPlatform = z.object({
  node_count: z.number(),
  node_count_rate: z.number(),
  node_count_amount: z.number(),
  bytes_protected: z.number(),
  gb_protected_rate: z.number(),
  gb_protected_amount: z.number(),
  /** Epoch seconds of the platform's latest report; null before the first. */
  display_date: z.number().int().nullable(),
});
export type AgentPlatform = z.infer<typeof agentPlatform>;

/** The image platform: protected machines and their storage, with the rates and monthly amounts billed. */
export const imagePlatform = z.object({
  vm_count: z.number(),
  vm_count_rate: z.number(),
  vm_count_amount: z.number(),
  total_bytes: z.number(),
  total_gb_rate: z.number(),
  total_gb_amount: z.number(),
  display_date: z.number().int().nullable(),
});
export type ImagePlatform = z.infer<typeof imagePlatform>;

export const ebOrder = productOrder.extend({
  /** Agent endpoint licences are billed (the agent section applies). */
  ea_applies: z.boolean(),
  /** Agent protected data is metered per GB. */
  em_applies: z.boolean(),
  /** Image-based machine backup is billed (the image section applies). */
  ei_applies: z.boolean(),
  /** Image storage is metered per GB. */
  im_applies: z.boolean(),
  /** null when neither agent flag applies. */
  agent: agentPlatform.nullable(),
  /** null when neither image flag applies. */
  image: imagePlatform.nullable(),
});
export type EbOrder = z.infer<typeof ebOrder>;

export const getOrderEb = defineCall({
  id: 'productsEb.getOrderEb',
  summary: "One of the caller's endpoint backup orders: which sections apply, their latest figures and rates.",
  tag: 'products',
  methods: ['GET'],
  path: '/orders-eb/get-order-eb',
  input: z.object({ baseOrderId: id }),
  data: ebOrder,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

const range = { startDate: epochSeconds, endDate: epochSeconds };

export const ebStats = z.object({
  /** Protected endpoints and protected bytes; null when the agent section does not apply. */
  agent: z.object({ node_count: chartData, bytes_protected: chartData }).nullable(),
  /** Protected machines and their storage; null when the image section does not apply. */
  image: z.object({ vm_count: chartData, total_bytes: chartData }).nullable(),
});
export type EbStats = z.infer<typeof ebStats>;

export const getEbStats = defineCall({
  id: 'productsEb.getEbStats',
  summary: 'Agent and image timelines of an endpoint backup order between startDate and endDate.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-eb/get-eb-stats',
  input: z.object({ baseOrderId: id, ...range }).superRefine(rangeCheck('startDate', 'endDate')),
  data: ebStats,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const agentClient = z.object({
  client_name: z.string(),
  os: z.string(),
  agent_version: z.string(),
  total_bytes_protected: z.number(),
  backup_count: z.number().int(),
  failed_backup_count: z.number().int(),
  /** Epoch seconds; null before the first backup. */
  last_backup: z.number().int().nullable(),
  last_backup_status: runStatus.nullable(),
});
export type AgentClient = z.infer<typeof agentClient>;

export const imageMachine = z.object({
  vm_name: z.string(),
  os: z.string(),
  total_local_storage_bytes: z.number(),
  total_snapshots: z.number().int(),
  missed_snapshots: z.number().int(),
  /** Epoch seconds; null before the first snapshot. */
  last_snapshot: z.number().int().nullable(),
  last_snapshot_status: runStatus.nullable(),
});
export type ImageMachine = z.infer<typeof imageMachine>;

const pageInput = { baseOrderId: id, perPage: perPage(pageSizes.endpointTables), page: pageParam };

export const getEbAgentClients = defineCall({
  id: 'productsEb.getEbAgentClients',
  summary: 'A page (10 by default) of the agent clients of an endpoint backup order, by name.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-eb/get-eb-agent-clients',
  input: z.object(pageInput),
  data: paged(agentClient),
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const getEbImageMachines = defineCall({
  id: 'productsEb.getEbImageMachines',
  summary: 'A page (10 by default) of the image-backed machines of an endpoint backup order, by name.',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-eb/get-eb-image-machines',
  input: z.object(pageInput),
  data: paged(imageMachine),
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const getEbAgentClient = defineCall({
  id: 'productsEb.getEbAgentClient',
  summary: 'One agent client of an endpoint backup order (the base order id scopes the client name).',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-eb/get-eb-agent-client',
  input: z.object({ baseOrderId: id, clientName }),
  data: agentClient,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const agentClientStats = z.object({ bytes_protected: chartData, backups: chartData });
export type AgentClientStats = z.infer<typeof agentClientStats>;

export const getEbAgentClientStats = defineCall({
  id: 'productsEb.getEbAgentClientStats',
  summary: "An agent client's protected bytes and its backups per day between startDate and endDate.",
  tag: 'products',
  methods: ['GET'],
  path: '/orders-eb/get-eb-agent-client-stats',
  input: z.object({ baseOrderId: id, clientName, ...range }).superRefine(rangeCheck('startDate', 'endDate')),
  data: agentClientStats,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const getEbImageMachine = defineCall({
  id: 'productsEb.getEbImageMachine',
  summary: 'One image-backed machine of an endpoint backup order (the base order id scopes the VM name).',
  tag: 'products',
  methods: ['GET'],
  path: '/orders-eb/get-eb-image-machine',
  input: z.object({ baseOrderId: id, vmName }),
  data: imageMachine,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});

export const imageMachineStats = z.object({ local_storage: chartData, snapshots: chartData });
export type ImageMachineStats = z.infer<typeof imageMachineStats>;

export const getEbImageMachineStats = defineCall({
  id: 'productsEb.getEbImageMachineStats',
  summary:
    "An image-backed machine's local storage and its snapshots (taken, missed) per day between startDate and endDate.",
  tag: 'products',
  methods: ['GET'],
  path: '/orders-eb/get-eb-image-machine-stats',
  input: z.object({ baseOrderId: id, vmName, ...range }).superRefine(rangeCheck('startDate', 'endDate')),
  data: imageMachineStats,
  codes: orderCodes,
  auth: { access: 'user', scope: 'services:read' },
});
