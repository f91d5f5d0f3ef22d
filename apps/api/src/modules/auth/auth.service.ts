import { messages } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { claimTotpStep, findLoginUser, raiseTokenVersion, type LoginUser } from './auth.repository.ts';
import { matchTotp } from './totp.ts';

/** What other modules use of this module's rows: they import this service, never its repository. */
export { claimTotpStep, findCaller } from './auth.repository.ts';

/**
 * Ends every session of a user (sign-out everywhere, a staff revocation): every token issued so far
 * stops working, on every API process, as the route helper and open live streams check the version.
 * False when there is no such user.
 */
export const endSessions = (db: Db, userId: number) => raiseTokenVersion(db, userId);

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);

export function createAuthService(deps: Pick<Deps, 'db' | 'limiter' | 'tokens' | 'clock'>) {
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

  return {
    async confirmUserPassword(email: string, password: string, address: string) {
      const user = await checkPassword(email, password, address);
      return { two_factor_enabled: user.two_factor_enabled };
    },

    async getToken(email: string, password: string, passcode: string | undefined, address: string) {
      const user = await checkPassword(email, password, address);
      if (user.two_factor_enabled) {
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
      return deps.tokens.sign(
        { user_id: user.user_id, uss_admin_level: user.uss_admin_level, tv: user.token_version },
        Math.floor(deps.clock.now() / 1000),
      );
    },
  };
}
