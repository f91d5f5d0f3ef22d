import { admin } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { sendPasswordReset } from '../identity/password-reset.service.ts';
import { findUserByEmail, findVisibleUser } from './users.repository.ts';

/**
 * "Send password reset" for another user (`POST /auth/forgot-password/{email}`): allowed for an
 * administrator of one of the user's accounts, and for staff who may grant themselves admin
 * access to any account (level 2 or more). Anyone else gets NOT_FOUND, as for an unknown email.
 */
export function createPasswordResetSender(
  deps: Pick<Deps, 'db' | 'clock' | 'mailer' | 'env' | 'limiter' | 'provider'>,
) {
  return async (caller: Caller, email: string, address: string) => {
    await deps.limiter.attempt('send-password-reset', address);
    const user = await findUserByEmail(deps.db, email);
    const allowed =
      user !== undefined &&
      (caller.ussAdminLevel >= admin.staffLevels.grantAdmin ||
        (await findVisibleUser(deps.db, caller.userId, user.user_id, 'administered')) !== undefined);
    if (!user || !allowed) throw notFound();
    await sendPasswordReset(deps, user.user_id);
  };
}
