import { randomBytes } from 'node:crypto';

import type { IntegrationScope } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { hashLinkToken } from '../identity/link-tokens.ts';
import { findActiveByHash, touchToken } from './token-auth.repository.ts';

/**
 * Who calls with an integration token: the integration feed, the usage-data ingestion and the
 * connectors' listings all authenticate here, and nothing here depends on them.
 */

/** Integration secrets carry a prefix, so neither kind of token is ever mistaken for the other. */
const prefix = 'pit_';

/** A new secret: 256 random bits, URL-safe, after a prefix naming its kind (`pit_` integration, `pct_` customer). */
export const prefixedSecret = (kind: string) => `${kind}${randomBytes(32).toString('base64url')}`;

/** A new integration secret. */
export const newSecret = () => prefixedSecret(prefix);

/** The bearer secret of an Authorization header, or '' without one. */
export const bearerSecret = (authorization: string | undefined) =>
  authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';

/** Who is calling an /integration/v1 call. */
export interface IntegrationCaller {
  tokenId: number;
  scopes: string[];
  /**
   * What per-token limits shared through Redis count by: the digest of the secret, unique even across
   * databases sharing one Redis (token ids are not), and revealing nothing of the secret.
   */
  limitKey: string;
}

export const unauthorized = () => new AppError('UNAUTHORIZED', 'The integration token is missing, unknown or revoked.');

/** Authenticates the bearer secret of an /integration/v1 call: UNAUTHORIZED unless it is a live token. */
export async function authenticateIntegration(
  deps: Pick<Deps, 'db' | 'clock'>,
  authorization: string | undefined,
): Promise<IntegrationCaller> {
  const secret = bearerSecret(authorization);
  if (!secret.startsWith(prefix)) throw unauthorized();
  const secretHash = hashLinkToken(secret);
  const row = await findActiveByHash(deps.db, secretHash);
  if (!row) throw unauthorized();
  await touchToken(deps.db, row.id, deps.clock.now());
  return { tokenId: row.id, scopes: row.scopes, limitKey: secretHash };
}

/** FORBIDDEN unless the token holds the scope (or `all`). */
export function requireScope(caller: IntegrationCaller, scope: IntegrationScope): void {
  if (!caller.scopes.includes(scope) && !caller.scopes.includes('all')) {
    throw new AppError('FORBIDDEN', `This integration token does not have the ${scope} scope.`);
  }
}
