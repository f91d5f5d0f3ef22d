import { identity } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { portalLink } from '../../lib/mail.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  claimPasswordReset,
  findUserByEmail,
  findUserById,
  insertPasswordReset,
  markEmailVerified,
  setPasswordHash,
  type IdentityUser,
} from './identity.repository.ts';
import { hashLinkToken, linkLifetimes, newLinkToken } from './link-tokens.ts';
import { composeMessage, hello } from './mail-templates.ts';

/** What other modules use of this module's rows: they import this service, never its repository. */
export { findUserByEmail, insertPasswordReset, markEmailVerified, setPasswordHash } from './identity.repository.ts';

export type MailDeps = Pick<Deps, 'db' | 'clock' | 'mailer' | 'env' | 'provider'>;

/** The app's reset page: login/reset/{resetKey}/{email} (spec services.md). */
export const resetLink = (env: Deps['env'], key: string, email: string) =>
  portalLink(env, `login/reset/${key}/${encodeURIComponent(email)}`);

async function mailResetLink(deps: MailDeps, user: IdentityUser): Promise<void> {
  const { token, hash } = newLinkToken();
  const now = deps.clock.now();
  await insertPasswordReset(deps.db, user.user_id, hash, now, now + linkLifetimes.passwordReset);
  await deps.mailer.send(
    composeMessage({
      to: user.email_nm,
      kind: 'password-reset',
      subject: 'Reset your customer portal password',
      greeting: hello(user.first_nm),
      lines: ['We received a request to reset the password of your customer portal user.'],
      action: { label: 'Choose a new password', url: resetLink(deps.env, token, user.email_nm) },
      after: [
        'The link works once, for one hour. Any earlier reset link no longer works.',
        'If you did not ask for this, you can ignore this message: your password stays as it is.',
      ],
    }),
  );
}

/**
 * Sends a password reset message to a user (single-use link, valid one hour; earlier links stop
 * working). For staff and account administrators' "send password reset": check first that the
 * caller may act on this user. Throws NOT_FOUND when the user does not exist, MAIL_FAILED when
 * the message could not be sent.
 */
export async function sendPasswordReset(deps: MailDeps, userId: number): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound();
  await mailResetLink(deps, user);
}

export function createPasswordResetService(deps: MailDeps & Pick<Deps, 'limiter'>) {
  return {
    /**
     * Public "forgot password": always the same answer. An address without a user gets a short
     * notice instead of a link, so the work (and the time it takes) is the same either way.
     */
    async forgotPassword(email: string, address: string) {
      await deps.limiter.attempt('forgot-password', address);
      await deps.limiter.assertNotLocked('forgot-password', email);
      // Every request counts against the address asked for, so nobody can flood a mailbox.
      await deps.limiter.failure('forgot-password', email);
      const user = await findUserByEmail(deps.db, email);
      if (user) {
        await mailResetLink(deps, user);
      } else {
        await deps.mailer.send(
          composeMessage({
            to: email,
            kind: 'password-reset-unknown',
            subject: 'Customer portal password reset',
            greeting: hello(),
            lines: [
              'Someone asked to reset the customer portal password of this email address, but no portal user has it.',
              'If you did not ask for this, you can ignore this message.',
            ],
          }),
        );
      }
      return { message: identity.texts.forgotSent };
    },

    /** Sets the new password with a reset link: once, within the hour, for the address it was sent to. */
    async resetPassword(input: { reset_key: string; email_nm: string; passwd: string }, address: string) {
      await deps.limiter.attempt('reset-password', address);
      await deps.limiter.assertNotLocked('reset-password', input.email_nm);
      const passwordHash = await hashPassword(input.passwd);
      const now = deps.clock.now();
      const reset = await deps.db.tx(async (db) => {
        const claimed = await claimPasswordReset(db, hashLinkToken(input.reset_key), input.email_nm, now);
        if (!claimed) return undefined;
        await setPasswordHash(db, claimed.user_id, passwordHash, now);
        // The link reached this mailbox, so the address is proven.
        await markEmailVerified(db, claimed.user_id, now);
        await recordAudit(db, {
          kind: 'password.changed',
          nowMs: now,
          userId: claimed.user_id,
          address,
          detail: 'With a password reset link',
        });
        return claimed;
      });
      if (!reset) {
        await deps.limiter.failure('reset-password', input.email_nm);
        throw new AppError('NOT_FOUND', identity.texts.resetLinkInvalid);
      }
      // A locked-out user who just proved the mailbox may sign in again.
      await deps.limiter.success('sign-in', input.email_nm);
      return { message: identity.texts.passwordReset };
    },
  };
}
