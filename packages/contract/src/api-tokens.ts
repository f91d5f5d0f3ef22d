import { z } from 'zod';

import { defineCall } from './call.ts';
import { epochSeconds } from './envelope.ts';
import { id, requiredText } from './fields.ts';
import { staffLevels } from './limits.ts';
import { validationMessages as m } from './messages.ts';

/**
 * The customer's own API (issue 33, decision 129): account administrators create tokens (`pct_...`)
 * for their accounts; a token calls the /api calls whose `auth.scope` it holds, as a plain user of
 * its accounts. Staff list and revoke any company's tokens.
 */

/** What a token may do; each /api call a token may use names one of these in `auth.scope`. */
export const scopes = [
  'invoices:read',
  'services:read',
  'tickets:read',
  'tickets:write',
  'notifications:read',
  'users:read',
] as const;
export type Scope = (typeof scopes)[number];

export const scopeLabels: Record<Scope, string> = {
  'invoices:read': 'Invoices and balance (read)',
  'services:read': 'Services and usage data (read)',
  'tickets:read': 'Tickets (read)',
  'tickets:write': 'Tickets (open and reply)',
  'notifications:read': 'Notifications (read)',
  'users:read': 'Users (read)',
};

/** Longest life of a token: a year. */
export const maxExpiryDays = 365;

/** What the secret starts with, so secret scanners can match it. */
export const secretPrefix = 'pct_';

const userCodes = ['INVALID_TOKEN', 'EXPIRED_TOKEN', 'FORBIDDEN'] as const;

export const apiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the secret (`pct_` and four more), to recognise it. */
  prefix: z.string(),
  scopes: z.array(z.enum(scopes)),
  account_ids: z.array(z.number().int()),
  created_by: z.string().nullable(),
  created_at: epochSeconds,
  expires_at: epochSeconds,
  last_used_at: epochSeconds.nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;

export const createToken = defineCall({
  id: 'apiTokens.createToken',
  summary:
    'Creates an API token for accounts the caller administers. The secret is in this answer only; the portal keeps its hash.',
  tag: 'api-tokens',
  methods: ['POST'],
  path: '/api-tokens/create-token',
  input: z.object({
    name: requiredText(100),
    account_ids: z.array(id, { error: m.required }).min(1, m.mincheck(1)).max(100, m.maxcheck(100)),
    scopes: z
      .array(z.enum(scopes, { error: m.type }), { error: m.required })
      .min(1, m.mincheck(1))
      .max(scopes.length, m.maxcheck(scopes.length)),
    expires_in_days: z.coerce
      .number({ error: m.integer })
      .int(m.integer)
      .min(1, m.min(1))
      .max(maxExpiryDays, m.max(maxExpiryDays)),
  }),
  data: z.object({ token: z.string(), api_token: apiToken }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', ...userCodes],
  auth: { access: 'user' },
});

export const getTokens = defineCall({
  id: 'apiTokens.getTokens',
  summary:
    "The live API tokens (not revoked, not expired) of the accounts the caller administers, with their last use (never the secret). Staff see every company's tokens, or one account's with account_id.",
  tag: 'api-tokens',
  methods: ['GET'],
  path: '/api-tokens/get-tokens',
  input: z.object({
    account_id: z.preprocess((value) => (value === '' || value === null ? undefined : value), id.optional()),
  }),
  data: z.array(apiToken),
  codes: ['SUCCESS', 'VALIDATION_ERROR', ...userCodes],
  auth: { access: 'user' },
});

export const revokeToken = defineCall({
  id: 'apiTokens.revokeToken',
  summary: 'Revokes an API token at once, on every process: by an administrator of one of its accounts, or by staff.',
  tag: 'api-tokens',
  methods: ['DELETE'],
  path: '/api-tokens/revoke-token/:id',
  input: z.object({ id }),
  data: z.null(),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', ...userCodes],
  auth: { access: 'user' },
});

/** Staff with this level list and revoke any company's tokens. */
export const staffLevel = staffLevels.accountAccess;
