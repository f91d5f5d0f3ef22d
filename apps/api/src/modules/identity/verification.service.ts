import { checkPasswordPolicy, identity } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { portalLink } from '../../lib/mail.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { Captcha } from '../captcha/captcha.service.ts';
import {
  claimVerification,
  findUserByEmail,
  findUserById,
  insertVerification,
  markEmailVerified,
  setPasswordHash,
  type IdentityUser,
  type VerificationPurpose,
} from './identity.repository.ts';
import { hashLinkToken, linkLifetimes, newLinkToken } from './link-tokens.ts';
import { composeMessage, hello } from './mail-templates.ts';
import type { MailDeps } from './password-reset.service.ts';

/** The app's pages for the two kinds of verification link. */
const pages: Record<VerificationPurpose, string> = {
  'verify-email': 'login/verify-email',
  'set-password': 'login/verify-account',
};

async function mailLink(deps: MailDeps, user: IdentityUser, purpose: VerificationPurpose): Promise<string> {
  const { token, hash } = newLinkToken();
  const now = deps.clock.now();
  const lifetime = purpose === 'set-password' ? linkLifetimes.setPassword : linkLifetimes.emailVerification;
  await insertVerification(deps.db, {
    userId: user.user_id,
    email: user.email_nm,
    purpose,
    tokenHash: hash,
    nowMs: now,
    expiresMs: now + lifetime,
  });
  const url = portalLink(deps.env, `${pages[purpose]}/${user.user_id}/${token}`);
  const days = Math.round(lifetime / 86_400_000);
  await deps.mailer.send(
    purpose === 'set-password'
      ? composeMessage({
          to: user.email_nm,
          kind: 'set-password',
          subject: 'Your customer portal user is ready: choose a password',
          greeting: hello(user.first_nm),
          lines: ['A portal user has been created for you. Verify your email address and choose your password:'],
          action: { label: 'Verify and choose a password', url },
          after: [`The link works once, for ${days} days.`],
        })
      : composeMessage({
          to: user.email_nm,
          kind: 'verification',
          subject: 'Verify your email address for the customer portal',
          greeting: hello(user.first_nm),
          lines: ['Please confirm that this is your email address:'],
          action: { label: 'Verify my email address', url },
          after: [`The link works once, for ${days} days. If you did not expect this message, you can ignore it.`],
        }),
  );
  return url;
}

/** Sends a verification link (single-use, 72 hours) to the user's current address; earlier links stop working. */
export async function sendEmailVerification(deps: MailDeps, userId: number): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound();
  await mailLink(deps, user, 'verify-email');
}

/**
 * For a user created without a password (e.g. by an administrator): sends the verify-account link
 * (single-use, 7 days) with which they verify the address and choose their password.
 */
export async function sendSetPasswordInvitation(deps: MailDeps, userId: number): Promise<void> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound();
  await mailLink(deps, user, 'set-password');
}

const linkInvalid = () => new AppError('NOT_FOUND', identity.texts.verifyLinkInvalid);

export function createVerificationService(deps: MailDeps & Pick<Deps, 'limiter'>, captcha: Captcha) {
  return {
    async verifyEmail(userId: number, hash: string, address: string) {
      await deps.limiter.attempt('verify-email', address);
      const now = deps.clock.now();
      const verified = await deps.db.tx(async (db) => {
        const claimed = await claimVerification(db, userId, hashLinkToken(hash), 'verify-email', now);
        if (claimed) await markEmailVerified(db, userId, now);
        return claimed;
      });
      if (!verified) throw linkInvalid();
      return { message: identity.texts.emailVerified };
    },

    async verifyEmailAndSetPassword(
      input: { userId: number; hash: string; passwd: string; g_recaptcha_response: string },
      address: string,
    ) {
      await deps.limiter.attempt('verify-email', address);
      await captcha.assertSolved(input.g_recaptcha_response, address);
      const user = await findUserById(deps.db, input.userId);
      const problems = user ? checkPasswordPolicy(input.passwd, user.email_nm) : [];
      if (problems.length) throw invalid({ passwd: problems });
      const passwordHash = await hashPassword(input.passwd);
      const now = deps.clock.now();
      const done = await deps.db.tx(async (db) => {
        const claimed = await claimVerification(db, input.userId, hashLinkToken(input.hash), 'set-password', now);
        if (!claimed) return undefined;
        await setPasswordHash(db, input.userId, passwordHash, now);
        await markEmailVerified(db, input.userId, now);
        return claimed;
      });
      if (!done) throw linkInvalid();
      return { message: identity.texts.accountVerified };
    },

    /**
     * Always the same answer. An unverified user gets a new link (a set-password link when they
     * have no password yet); a verified user or an unknown address gets a short notice instead,
     * so the work done does not tell whether the address has a user.
     */
    async resendVerification(email: string, address: string) {
      await deps.limiter.attempt('resend-verification', address);
      await deps.limiter.assertNotLocked('resend-verification', email);
      await deps.limiter.failure('resend-verification', email);
      const user = await findUserByEmail(deps.db, email);
      if (user && !user.email_verified) {
        await mailLink(deps, user, user.has_password ? 'verify-email' : 'set-password');
      } else {
        await deps.mailer.send(
          composeMessage({
            to: email,
            kind: 'verification-not-needed',
            subject: 'Customer portal email verification',
            greeting: hello(user?.first_nm),
            lines: [
              user
                ? 'Someone asked for a new verification link for this address, but it is already verified. You can log in as usual.'
                : 'Someone asked for a verification link for this address, but no portal user has it.',
              'If you did not ask for this, you can ignore this message.',
            ],
          }),
        );
      }
      return { message: identity.texts.resendSent };
    },
  };
}
