import { z } from 'zod';

import { defineCall } from './call.ts';
import { integrationStaffLevel } from './limits.ts';
import { epochSeconds } from './envelope.ts';
import { id, requiredText } from './fields.ts';
import { collections, type CollectionName } from './integration-items.ts';
import { validationMessages as m } from './messages.ts';

export * from './integration-items.ts';

/**
 * The provider integration API (issue 11): level-3 staff manage integration tokens; the provider's
 * systems call /integration/v1/... with one of them (never with a user token).
 */
export const staffLevel = integrationStaffLevel;

export const scopes = [
  'accounts',
  'orders',
  'billing',
  'notifications',
  'tickets',
  'metrics',
  'events',
  'all',
] as const;
export type Scope = (typeof scopes)[number];

const userCodes = ['INVALID_TOKEN', 'EXPIRED_TOKEN', 'FORBIDDEN'] as const;
/** Codes every /integration/v1 call may answer besides its own. */
const integrationCodes = ['UNAUTHORIZED', 'FORBIDDEN', 'TOO_MANY_ATTEMPTS'] as const;

export const integrationToken = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(scopes)),
  created_at: epochSeconds,
  last_used_at: epochSeconds.nullable(),
  /** Webhook delivery of the events (Standard Webhooks), when the token has a URL. */
  webhook: z
    .object({
      url: z.string(),
      /** The last event the endpoint acknowledged. */
      cursor: z.number().int(),
      /** Failed attempts at the next event since the last success. */
      attempts: z.number().int(),
      next_attempt_at: epochSeconds.nullable(),
      last_error: z.string().nullable(),
      delivered_at: epochSeconds.nullable(),
      /** Set when the endpoint failed for too long (WEBHOOK_DISABLE_AFTER_HOURS): nothing is sent until re-enabled. */
      disabled_at: epochSeconds.nullable(),
      disabled_reason: z.string().nullable(),
    })
    .nullable(),
});
export type IntegrationToken = z.infer<typeof integrationToken>;

export const createToken = defineCall({
  id: 'integration.createToken',
  summary: 'Creates an integration token. The secret is in this answer only; the portal keeps its hash.',
  tag: 'integration',
  methods: ['POST'],
  path: '/integration/tokens',
  input: z.object({
    name: requiredText(100),
    scopes: z
      .array(z.enum(scopes, { error: m.type }), { error: m.required })
      .min(1, m.mincheck(1))
      .max(scopes.length, m.maxcheck(scopes.length)),
    /** Optional: every event is POSTed here, signed (needs the events scope). */
    webhook_url: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      z
        .string({ error: m.url })
        .trim()
        .max(500, m.maxlength)
        .refine((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), m.url)
        .optional(),
    ),
  }),
  data: z.object({
    id: z.number().int(),
    token: z.string(),
    scopes: z.array(z.enum(scopes)),
    /** The webhook signing secret (whsec_...), shown this once; null without a webhook. */
    webhook_secret: z.string().nullable(),
  }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', ...userCodes],
  auth: { access: 'user', staffLevel },
});

export const listTokens = defineCall({
  id: 'integration.listTokens',
  summary: 'The integration tokens that are not revoked: name, scopes, created, last used (never the secret).',
  tag: 'integration',
  methods: ['GET'],
  path: '/integration/tokens',
  input: z.object({}),
  data: z.array(integrationToken),
  codes: ['SUCCESS', ...userCodes],
  auth: { access: 'user', staffLevel },
});

export const revokeToken = defineCall({
  id: 'integration.revokeToken',
  summary: 'Revokes an integration token at once.',
  tag: 'integration',
  methods: ['DELETE'],
  path: '/integration/tokens/:id',
  input: z.object({ id }),
  data: z.null(),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', ...userCodes],
  auth: { access: 'user', staffLevel },
});

export const enableWebhook = defineCall({
  id: 'integration.enableWebhook',
  summary: 'Re-enables a disabled webhook: delivery resumes from the last event its endpoint acknowledged.',
  tag: 'integration',
  methods: ['POST'],
  path: '/integration/tokens/:id/enable-webhook',
  input: z.object({ id }),
  data: z.null(),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', ...userCodes],
  auth: { access: 'user', staffLevel },
});

/**
 * A run of "Invite loaded users" (decision 131): the call queues the users at once; the worker mails them,
 * each once, and the staff page follows the run until nothing is pending.
 */
export const invitationRun = z.object({
  id: z.number().int(),
  requested_at: epochSeconds,
  /** Users the run queued. */
  total: z.number().int(),
  sent: z.number().int(),
  /** Mails the server could not send (their users can be invited again once their link expires). */
  failed: z.number().int(),
  /** Still to be mailed: 0 once the run is done. */
  pending: z.number().int(),
  /** When its last mail went out (or failed); null while any is pending. */
  finished_at: epochSeconds.nullable(),
});
export type InvitationRun = z.infer<typeof invitationRun>;

export const inviteLoadedUsers = defineCall({
  id: 'integration.inviteLoadedUsers',
  summary:
    'Queues the set-password invitation for every user the users feed loaded who never signed in (no password ' +
    'yet), except those whose invitation link still works or who are already queued; answers at once how many ' +
    'will be invited and the run, whose mails the worker sends (its progress: integration.latestInvitationRun).',
  tag: 'integration',
  methods: ['POST'],
  path: '/integration/invite-loaded-users',
  input: z.object({}),
  data: z.object({ invited: z.number().int(), run: invitationRun.nullable() }),
  codes: ['SUCCESS', ...userCodes],
  auth: { access: 'user', staffLevel },
});

export const latestInvitationRun = defineCall({
  id: 'integration.latestInvitationRun',
  summary:
    'The latest run of Invite loaded users: how many users it queued, how many were mailed or failed, how many ' +
    'are pending; null before the first run.',
  tag: 'integration',
  methods: ['GET'],
  path: '/integration/invite-loaded-users/latest',
  input: z.object({}),
  data: invitationRun.nullable(),
  codes: ['SUCCESS', ...userCodes],
  auth: { access: 'user', staffLevel },
});

export const batchRecord = z.object({
  id: z.number().int(),
  token_name: z.string().nullable(),
  source: z.enum(['token', 'command']),
  collection: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  invalid: z.number().int(),
  started_at: epochSeconds,
  duration_ms: z.number().int(),
  /** A batch refused as a whole (no item applied): its answer's code, else null. */
  refused: z.string().nullable(),
  /** The refusal's first field error ("items: …"), when it was a validation error. */
  refused_detail: z.string().nullable(),
});
export type BatchRecord = z.infer<typeof batchRecord>;

/** How many of the latest batch records the staff page shows. */
export const batchRecordsShown = 50;

export const listBatches = defineCall({
  id: 'integration.listBatches',
  summary:
    'The latest batches and imports: token or command, collection, counts per outcome, when, how long; a batch ' +
    'refused as a whole (not a batch, too many items, too large) with its answer code.',
  tag: 'integration',
  methods: ['GET'],
  path: '/integration/batches',
  input: z.object({}),
  data: z.array(batchRecord),
  codes: ['SUCCESS', ...userCodes],
  auth: { access: 'user', staffLevel },
});

export const itemResult = z.object({
  key: z.string(),
  status: z.enum(['created', 'updated', 'unchanged', 'invalid']),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ItemResult = z.infer<typeof itemResult>;

/** At most this many items in one batch. */
export const maxBatchItems = 1000;

const batchCall = <N extends CollectionName>(name: N) =>
  defineCall({
    id: `integration.batch.${name}`,
    summary:
      `Upserts ${name} by ${collections[name].key} (scope ${collections[name].scope}): each item validated and ` +
      'applied on its own, answered in item order as created, updated, unchanged or invalid (with field errors).',
    tag: 'integration',
    methods: ['POST'],
    path: `/integration/v1/${name}/batch`,
    input: z.object({
      items: z
        .array(z.unknown(), { error: m.required })
        .min(1, m.mincheck(1))
        .max(maxBatchItems, m.maxcheck(maxBatchItems)),
    }),
    /** The document shows each item's fields (the server parses every item on its own, see 071). */
    documentedInput: z.object({
      items: z.array(collections[name].item).min(1).max(maxBatchItems),
    }),
    checkedPerItem: true,
    data: z.object({ results: z.array(itemResult) }),
    codes: ['SUCCESS', 'VALIDATION_ERROR', 'PAYLOAD_TOO_LARGE', ...integrationCodes],
    auth: { access: 'integration', scope: collections[name].scope },
  });

export const eventTypes = [
  'ticket.created',
  'ticket.replied',
  'inquiry.created',
  'order.alias_changed',
  'user.invited',
  'user.access_changed',
  'user.removed',
  'pin.reset',
  'legal.accepted',
  'payment.succeeded',
  'payment.failed',
  'payment.refunded',
  'payment.disputed',
  'payment_method.changed',
  'autopay.changed',
] as const;

export const event = z.object({
  id: z.number().int(),
  type: z.enum(eventTypes),
  /** RFC 3339, UTC. */
  occurred_at: z.string(),
  account_number: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type IntegrationEvent = z.infer<typeof event>;

export const getEvents = defineCall({
  id: 'integration.getEvents',
  summary:
    'Customer actions the provider acts on, oldest first, after a cursor (scope events). Pass next_cursor as ' +
    '`after` to read on; an empty page answers the same cursor.',
  tag: 'integration',
  methods: ['GET'],
  path: '/integration/v1/events',
  input: z.object({
    after: z.coerce
      .number({ error: m.integer })
      .int(m.integer)
      .min(0, m.min(0))
      .max(Number.MAX_SAFE_INTEGER, m.integer)
      .default(0),
    limit: z.coerce.number({ error: m.integer }).int(m.integer).min(1, m.min(1)).max(1000, m.max(1000)).default(100),
  }),
  data: z.object({ events: z.array(event), next_cursor: z.number().int() }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', ...integrationCodes],
  auth: { access: 'integration', scope: 'events' },
});

export const batchAccounts = batchCall('accounts');
export const batchUsers = batchCall('users');
export const batchProducts = batchCall('products');
export const batchOrders = batchCall('orders');
export const batchInvoices = batchCall('invoices');
export const batchPayments = batchCall('payments');
export const batchNotifications = batchCall('notifications');
export const batchOutages = batchCall('outages');
export const batchTickets = batchCall('tickets');
export const batchProductObjects = batchCall('product-objects');
export const batchSnmpDevices = batchCall('snmp-devices');
export const batchPrometheusSources = batchCall('prometheus-sources');

/** The batch call of each collection (each also exported on its own, for the API description). */
export const batches = {
  accounts: batchAccounts,
  users: batchUsers,
  products: batchProducts,
  orders: batchOrders,
  invoices: batchInvoices,
  payments: batchPayments,
  notifications: batchNotifications,
  outages: batchOutages,
  tickets: batchTickets,
  'product-objects': batchProductObjects,
  'snmp-devices': batchSnmpDevices,
  'prometheus-sources': batchPrometheusSources,
} as const;
