import type { FastifyRequest } from 'fastify';

import type { CallAuth } from '@portal/contract';

import type { Deps } from '../deps.ts';
import { AppError } from '../lib/errors.ts';
import type { Caller } from '../lib/scope.ts';
import { findCaller } from '../modules/auth/auth.service.ts';

/**
 * Authenticates by the Authorization header only (never a cookie), then applies the gates every
 * authenticated call passes: a pending legal agreement and a missing required two-factor sign-in.
 */
export async function authenticate(deps: Deps, request: FastifyRequest, auth: CallAuth): Promise<Caller> {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token) throw new AppError('INVALID_TOKEN', 'You must sign in to do that.');
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
  return { userId: row.user_id, ussAdminLevel: row.uss_admin_level, actorUserId: claims.act ?? null };
}
