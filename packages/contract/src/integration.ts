import { z } from 'zod';

import { defineCall } from './call.ts';
import { epochSeconds } from './envelope.ts';
import { id, requiredText } from './fields.ts';
import { validationMessages as m } from './messages.ts';

/**
 * The provider integration API (issue 11): level-3 staff manage integration tokens; the provider's
 * systems call /integration/v1/... with one of them (never with a user token).
 */
export const staffLevel = 3;

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
  }),
  data: z.object({ id: z.number().int(), token: z.string(), scopes: z.array(z.enum(scopes)) }),
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
  path: '/integration/tokens/:tokenId',
  input: z.object({ tokenId: id }),
  data: z.null(),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', ...userCodes],
  auth: { access: 'user', staffLevel },
});

/** Used by the v1 calls below; exported so the API documents the same list. */
export const v1Codes = integrationCodes;
