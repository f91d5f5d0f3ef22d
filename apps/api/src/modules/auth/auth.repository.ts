import type { Db } from '../../db/client.ts';

export interface LoginUser {
  user_id: number;
  email_nm: string;
  first_nm: string;
  password_hash: string | null;
  uss_admin_level: number;
  two_factor_enabled: boolean;
  two_factor_secret: string | null;
  totp_last_step: number | null;
  email_verified_at: Date | null;
  /** Epoch ms until which an unverified user may still sign in (set at account creation); null: never. */
  unverified_until_ms: number | null;
  token_version: number;
}

export const findLoginUser = (db: Db, email: string) =>
  db.one<LoginUser>(
    `SELECT user_id, email_nm, first_nm, password_hash, uss_admin_level, two_factor_enabled, two_factor_secret, totp_last_step,
            email_verified_at, token_version,
            (extract(epoch FROM unverified_sign_in_until) * 1000)::bigint AS unverified_until_ms
       FROM users WHERE lower(email_nm) = lower($1)`,
    [email],
  );

/** Records the TOTP time step just used; fails (returns false) when it is not newer than the last one. */
export async function claimTotpStep(db: Db, userId: number, step: number): Promise<boolean> {
  const row = await db.one(
    `UPDATE users SET totp_last_step = $2
      WHERE user_id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING user_id`,
    [userId, step],
  );
  return Boolean(row);
}

/** Raises the user's token version, so every token issued so far stops working; false when there is no such user. */
export async function raiseTokenVersion(db: Db, userId: number): Promise<boolean> {
  const row = await db.one('UPDATE users SET token_version = token_version + 1 WHERE user_id = $1 RETURNING user_id', [
    userId,
  ]);
  return Boolean(row);
}

export interface CallerRow {
  user_id: number;
  uss_admin_level: number;
  token_version: number;
  legal_pending: boolean;
  two_factor_missing: boolean;
}

/** A signed-in user's row with the gates every authenticated call passes (legal, required 2FA). */
export const findCaller = (db: Db, userId: number) =>
  db.one<CallerRow>(
    `SELECT u.user_id, u.uss_admin_level, u.token_version,
      EXISTS (
        SELECT 1 FROM legal_agreements la
        WHERE la.active AND NOT EXISTS (
          SELECT 1 FROM legal_acceptances a WHERE a.user_id = u.user_id AND a.legal_agreement_id = la.legal_agreement_id)
      ) AS legal_pending,
      (NOT u.two_factor_enabled AND EXISTS (
        SELECT 1 FROM accounts_users au JOIN accounts ac ON ac.account_id = au.account_id
        WHERE au.user_id = u.user_id AND ac.is_2fa_required)) AS two_factor_missing
    FROM users u WHERE u.user_id = $1`,
    [userId],
  );
