import { auth as contract, messages } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { delivered, portalLink } from '../../lib/mail.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { composeMessage, hello } from '../identity/mail-templates.ts';
import { claimTotpStep, findLoginUser, raiseTokenVersion, type LoginUser } from './auth.repository.ts';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.ts';
import { replaceRecoveryCodes, useRecoveryCode } from './recovery-codes.repository.ts';
import { matchTotp } from './totp.ts';

/** What other modules use of this module's rows: they import this service, never its repository. */
export { claimTotpStep, findCaller } from './auth.repository.ts';

/**
 * Ends every session of a user (sign-out everywhere, a staff revocation): every token issued so far
 * stops working, on every API process, as the route helper and open live streams check the version.
 * False when there is no such user.
 */
export const endSessions = (db: Db, userId: number) => raiseTokenVersion(db, userId);

/**
 * A new set of recovery codes for the user, replacing the old one (decision 130): answers the codes, shown
 * once; only their keyed hashes are stored.
 */
export async function issueRecoveryCodes(deps: Pick<Deps, 'db' | 'env' | 'clock'>, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  const hashes = codes.map((code) => hashRecoveryCode(deps.env.CONNECTOR_KEY, code));
  await replaceRecoveryCodes(deps.db, userId, hashes, new Date(deps.clock.now()));
  return codes;
}

/** Removes the user's recovery codes (two-factor turned off). */
export const dropRecoveryCodes = (db: Db, userId: number, now: Date) => replaceRecoveryCodes(db, userId, [], now);

const texts = contract.authTexts;

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);

export function createAuthService(deps: Pick<Deps, 'db' | 'limiter' | 'tokens' | 'clock' | 'mailer' | 'env'>) {
  /** Checks email and password under the rate limits; the same answer whether the email exists or not. */
  async function checkPassword(email: string, password: string, address: string): Promise<LoginUser> {
    await deps.limiter.attempt('sign-in', address);
    await deps.limiter.assertNotLocked('sign-in', email);
    const user = await findLoginUser(deps.db, email);
    if (!(await verifyPassword(user?.password_hash, password)) || !user) {
      await deps.limiter.failure('sign-in', email);
      throw invalidCredentials();
    }
    // A new user may sign in while their verification link is valid (the spec signs them in right after
    // creating the user); after that only with a verified address (docs/decisions/010-identity-sign-up.md).
    const inGracePeriod = user.unverified_until_ms !== null && user.unverified_until_ms > deps.clock.now();
    if (!user.email_verified_at && !inGracePeriod) throw new AppError('EMAIL_NOT_VERIFIED', messages.emailNotVerified);
    return user;
  }

  /** Uses one recovery code in place of the passcode and tells the user by email; false when it is not valid. */
  async function signInWithRecoveryCode(user: LoginUser, code: string): Promise<boolean> {
    const used = await useRecoveryCode(
      deps.db,
      user.user_id,
      hashRecoveryCode(deps.env.CONNECTOR_KEY, code),
      new Date(deps.clock.now()),
    );
    if (!used) return false;
    const left = used.left === 1 ? 'You have 1 recovery code left.' : `You have ${used.left} recovery codes left.`;
    // The sign-in stands even when the notice cannot be sent (the mailer records the failure).
    await delivered(() =>
      deps.mailer.send(
        composeMessage({
          to: user.email_nm,
          kind: 'recovery-code-used',
          subject: 'A recovery code was used to sign in',
          greeting: hello(user.first_nm),
          lines: [
            'A recovery code was just used in place of your authenticator app to sign in to your account.',
            left,
            'If this was not you, change your password and create new recovery codes on your profile.',
          ],
          action: {
            label: 'Review two-factor settings',
            url: portalLink(deps.env, 'users/update-profile?tab-target=two-factor'),
          },
        }),
      ),
    );
    return true;
  }

  return {
    async confirmUserPassword(email: string, password: string, address: string) {
      const user = await checkPassword(email, password, address);
      return { two_factor_enabled: user.two_factor_enabled };
    },

    async getToken(
      email: string,
      password: string,
      second: { passcode?: string | undefined; recovery_code?: string | undefined },
      address: string,
    ) {
      const user = await checkPassword(email, password, address);
      const { passcode } = second;
      if (user.two_factor_enabled && second.recovery_code) {
        if (!(await signInWithRecoveryCode(user, second.recovery_code))) {
          await deps.limiter.failure('sign-in', email);
          throw new AppError('INVALID_PASSCODE', texts.recoveryCodeInvalid);
        }
      } else if (user.two_factor_enabled) {
        if (!passcode)
          throw new AppError('TWO_FACTOR_AUTH_REQUIRED', 'Enter the passcode from your authenticator app.');
        const step = user.two_factor_secret
          ? await matchTotp(user.two_factor_secret, passcode, deps.clock.now())
          : null;
        if (step === null || !(await claimTotpStep(deps.db, user.user_id, step))) {
          await deps.limiter.failure('sign-in', email);
          throw new AppError('INVALID_PASSCODE', messages.invalidPasscode);
        }
      }
      await deps.limiter.success('sign-in', email);
      await recordAudit(deps.db, {
        kind: 'sign_in',
        nowMs: deps.clock.now(),
        userId: user.user_id,
        address,
        detail: !user.two_factor_enabled
          ? 'With a password'
          : second.recovery_code
            ? 'With a password and a recovery code'
            : 'With a password and a passcode',
      });
      return deps.tokens.sign(
        { user_id: user.user_id, uss_admin_level: user.uss_admin_level, tv: user.token_version },
        Math.floor(deps.clock.now() / 1000),
      );
    },
  };
}
