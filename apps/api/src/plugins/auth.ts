import type { FastifyReply, FastifyRequest } from 'fastify';

import type { CallAuth } from '@portal/contract';

import type { Deps } from '../deps.ts';
import { AppError } from '../lib/errors.ts';
import type { Caller } from '../lib/scope.ts';
import { takeApiTokenQuota } from './api-rate-limit.ts';
import { apiScopeRefusal, authenticateApiToken, isApiTokenSecret } from '../modules/api-tokens/api-tokens.service.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
import { findCaller } from '../modules/auth/auth.service.ts';
import { bearerSecret } from '../modules/token-auth/token-auth.service.ts';

/**
 * Authenticates by the Authorization header only (never a cookie), then applies the gates every
 * authenticated call passes: a pending legal agreement and a missing required two-factor sign-in.
 * A customer API token (`pct_`, decision 129) passes no gate: it needs the call's scope instead.
 */
export async function authenticate(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: CallAuth,
  callId: string,
): Promise<Caller> {
  const token = bearerSecret(request.headers.authorization);
  if (!token) throw new AppError('INVALID_TOKEN', 'You must sign in to do that.');
  if (isApiTokenSecret(token)) {
    const caller = { ...(await authenticateApiToken(deps, token)), address: request.ip ?? null };
    await takeApiTokenQuota(deps, reply, caller.apiToken!.limitKey);
    // Every call of a token is in its accounts' audit log, a refused one with the reason (decision 133).
    const refusal = apiScopeRefusal(caller, auth.staffLevel === undefined ? auth.scope : undefined);
    await recordAudit(deps.db, {
      kind: 'api_token.call',
      nowMs: deps.clock.now(),
      caller,
      callId,
      detail: refusal ? `Refused: ${refusal}` : null,
    });
    if (refusal) throw new AppError('FORBIDDEN', refusal);
    return caller;
  }
  const claims = await deps.tokens.verify(token);
  const row = await findCaller(deps.db, claims.user_id);
  if (!row || row.token_version !== claims.tv) {
    throw new AppError('INVALID_TOKEN', 'Your session is no longer valid. Please sign in again.');
  }
  const exempt = auth.exempt ?? [];
  if (row.legal_pending && !exempt.includes('legal')) {
    throw new AppError('UNACCEPTED_LEGAL_AGREEMENT', 'You must accept a new license agreement to continue.');
  }
  if (row.two_factor_missing && !exempt.includes('twoFactor')) {
    throw new AppError(
      'USS_TWO_FACTOR_AUTH_REQUIRED',
      'One of your accounts requires two-factor authentication. Please turn it on in your profile to continue.',
    );
  }
  if (auth.staffLevel !== undefined && row.uss_admin_level < auth.staffLevel) {
    throw new AppError('FORBIDDEN', 'You do not have permission to do that.');
  }
  return {
    userId: row.user_id,
    ussAdminLevel: row.uss_admin_level,
    actorUserId: claims.act ?? null,
    address: request.ip ?? null,
  };
}
