import { randomBytes } from 'node:crypto';

import type { IntegrationScope } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { hashLinkToken } from '../identity/link-tokens.ts';
import { authenticateIntegration, newSecret } from '../token-auth/token-auth.service.ts';
import { insertToken, listActiveTokens, revokeToken } from './tokens.repository.ts';
import { enableWebhook, storeWebhookSecret } from './webhooks.repository.ts';
import { sealWebhookSecret } from './webhooks.service.ts';

/** Creates a token; the secret is returned this once. */
export async function createToken(
  db: Db,
  input: {
    name: string;
    scopes: IntegrationScope[];
    userId: number | null;
    nowMs: number;
    webhook_url?: string;
    /** CONNECTOR_KEY, which seals the webhook secret: needed with a webhook_url. */
    connectorKey?: Buffer;
  },
) {
  const token = newSecret();
  const scopes = [...new Set(input.scopes)];
  if (input.webhook_url && !scopes.includes('events') && !scopes.includes('all')) {
    throw invalid({ webhook_url: ['A webhook needs the events scope.'] });
  }
  // Standard Webhooks secret: whsec_ + base64 of 32 random bytes (the HMAC key).
  const webhook = input.webhook_url
    ? { url: input.webhook_url, secret: `whsec_${randomBytes(32).toString('base64')}` }
    : null;
  const key = input.connectorKey;
  if (webhook && !key) throw new Error('createToken: a webhook needs CONNECTOR_KEY to seal its secret');
  // The webhook secret is kept sealed with CONNECTOR_KEY, bound to the token's id (decision 117).
  const row = await db.tx(async (t) => {
    const inserted = await insertToken(t, { ...input, scopes, secretHash: hashLinkToken(token), webhook });
    if (webhook && key) await storeWebhookSecret(t, inserted!.id, sealWebhookSecret(key, inserted!.id, webhook.secret));
    return inserted;
  });
  return { id: row!.id, token, scopes, webhook_secret: webhook?.secret ?? null };
}

export function createTokensService(deps: Pick<Deps, 'db' | 'clock' | 'env'>) {
  return {
    create: (caller: Caller, input: { name: string; scopes: IntegrationScope[]; webhook_url?: string | undefined }) =>
      createToken(deps.db, {
        ...input,
        userId: caller.userId,
        nowMs: deps.clock.now(),
        connectorKey: deps.env.CONNECTOR_KEY,
      }),
    list: () => listActiveTokens(deps.db),
    async revoke(tokenId: number) {
      if (!(await revokeToken(deps.db, tokenId, deps.clock.now()))) throw notFound();
      return null;
    },
    /** Turns a disabled webhook back on; it resumes from the last event its endpoint acknowledged. */
    async enableWebhook(tokenId: number) {
      if (!(await enableWebhook(deps.db, tokenId))) throw notFound();
      return null;
    },
    /** Authenticates the bearer secret of an /integration/v1 call: UNAUTHORIZED unless it is a live token. */
    authenticate: (authorization: string | undefined) => authenticateIntegration(deps, authorization),
  };
}
