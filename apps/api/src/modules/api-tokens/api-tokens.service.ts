import { apiTokens, type ApiTokenScope } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { requireAccount, type Caller } from '../../lib/scope.ts';
import { hashLinkToken } from '../identity/link-tokens.ts';
import { prefixedSecret } from '../token-auth/token-auth.service.ts';
import {
  administersAny,
  findAccountRoles,
  findApiToken,
  findTokenByHash,
  insertApiToken,
  listApiTokens,
  revokeApiToken,
  touchApiToken,
} from './api-tokens.repository.ts';

/**
 * The customer's API tokens (decision 129): account administrators create them for accounts they
 * administer; a token acts as a plain user of those accounts only. The secret is shown once and
 * kept as its SHA-256; every call looks the token up, so a revoked token is refused at once by
 * every API process.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many characters of the secret the list shows (`pct_` and four more). */
const shownPrefix = apiTokens.secretPrefix.length + 4;

const isStaff = (caller: Caller) => !caller.apiToken && caller.ussAdminLevel >= apiTokens.staffLevel;

export function createApiTokensService(deps: Pick<Deps, 'db' | 'clock'>) {
  return {
    async create(
      caller: Caller,
      input: { name: string; account_ids: number[]; scopes: ApiTokenScope[]; expires_in_days: number },
    ) {
      const accountIds = [...new Set(input.account_ids)];
      const roles = await findAccountRoles(deps.db, caller.userId, accountIds);
      // An account that is not the caller's is not found; one they do not administer is not theirs to give.
      if (roles.length !== accountIds.length) throw notFound();
      if (roles.some((role) => !role.is_account_admin)) throw forbidden();
      const token = prefixedSecret(apiTokens.secretPrefix);
      const nowMs = deps.clock.now();
      const id = await deps.db.tx((tx) =>
        insertApiToken(tx, {
          name: input.name,
          secretHash: hashLinkToken(token),
          secretPrefix: token.slice(0, shownPrefix),
          scopes: [...new Set(input.scopes)],
          accountIds,
          userId: caller.userId,
          nowMs,
          expiresMs: nowMs + input.expires_in_days * DAY_MS,
        }),
      );
      return { token, api_token: (await findApiToken(deps.db, id))! };
    },

    /** An administrator's accounts' tokens; staff see every company's (or one account's). */
    async list(caller: Caller, accountId: number | undefined) {
      const staff = isStaff(caller);
      // Another company's account is not found, as everywhere.
      if (accountId !== undefined && !staff) await requireAccount(deps.db, caller, accountId);
      return listApiTokens(deps.db, {
        administratorId: staff ? null : caller.userId,
        accountId: accountId ?? null,
        nowMs: deps.clock.now(),
      });
    },

    async revoke(caller: Caller, tokenId: number) {
      // Like the users area: a customer who administers nothing may not; another company's token is not found.
      if (!isStaff(caller) && !(await administersAny(deps.db, caller.userId))) throw forbidden();
      if (!(await revokeApiToken(deps.db, tokenId, isStaff(caller) ? null : caller.userId, deps.clock.now()))) {
        throw notFound();
      }
      return null;
    },
  };
}

/** Whether a bearer secret is a customer API token (rather than a session token). */
export const isApiTokenSecret = (secret: string) => secret.startsWith(apiTokens.secretPrefix);

/**
 * The caller of a customer API token: a plain user of the token's accounts, known to the queries by
 * a negative id (db/scope.ts), never an administrator or staff. INVALID_TOKEN when the secret is
 * unknown or revoked, EXPIRED_TOKEN once past its expiry.
 */
export async function authenticateApiToken(deps: Pick<Deps, 'db' | 'clock'>, secret: string): Promise<Caller> {
  const secretHash = hashLinkToken(secret);
  const nowMs = deps.clock.now();
  const row = await findTokenByHash(deps.db, secretHash, nowMs);
  if (!row) throw new AppError('INVALID_TOKEN', 'The API token is unknown or revoked.');
  if (row.expired) throw new AppError('EXPIRED_TOKEN', 'The API token has expired.');
  await touchApiToken(deps.db, row.id, nowMs);
  return {
    userId: -row.id,
    ussAdminLevel: 0,
    actorUserId: null,
    apiToken: { id: row.id, scopes: row.scopes, limitKey: secretHash },
  };
}

/** Why a token may not make the call (FORBIDDEN), or null when it holds the scope the call names. */
export function apiScopeRefusal(caller: Caller, scope: string | undefined): string | null {
  if (!caller.apiToken) return null;
  if (!scope) return 'API tokens cannot make this call: it needs a portal sign-in.';
  if (!caller.apiToken.scopes.includes(scope)) return `This API token does not have the ${scope} scope.`;
  return null;
}
