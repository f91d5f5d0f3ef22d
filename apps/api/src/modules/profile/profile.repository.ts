import type { Db } from '../../db/client.ts';

export interface ProfileRow {
  user_id: number;
  email_nm: string;
  first_nm: string;
  last_nm: string;
  email_verified: boolean;
  two_factor_enabled: boolean;
  password_hash: string | null;
  uss_admin_level: number;
  /** Whether one of the user's accounts requires two-factor. */
  two_factor_required: boolean;
}

export const findProfile = (db: Db, userId: number) =>
  db.one<ProfileRow>(
    `SELECT u.user_id, u.email_nm, u.first_nm, u.last_nm, u.email_verified_at IS NOT NULL AS email_verified,
            u.two_factor_enabled, u.password_hash, u.uss_admin_level,
            EXISTS (SELECT 1 FROM accounts_users au JOIN accounts a ON a.account_id = au.account_id
                     WHERE au.user_id = u.user_id AND a.is_2fa_required) AS two_factor_required
       FROM users u WHERE u.user_id = $1`,
    [userId],
  );

/** Updates name and email; a changed email becomes unverified. False when the email belongs to another user. */
export async function updateProfile(
  db: Db,
  p: { userId: number; email: string; firstName: string; lastName: string; nowMs: number; unverifiedUntilMs: number },
): Promise<boolean> {
  const taken = await db.one('SELECT 1 FROM users WHERE lower(email_nm) = lower($1) AND user_id <> $2', [
    p.email,
    p.userId,
  ]);
  if (taken) return false;
  try {
    await db.query(
      `UPDATE users SET
        email_verified_at = CASE WHEN lower(email_nm) = lower($2) THEN email_verified_at END,
        unverified_sign_in_until = CASE WHEN lower(email_nm) = lower($2) THEN unverified_sign_in_until
                                        ELSE to_timestamp($6::double precision / 1000) END,
        email_nm = $2, first_nm = $3, last_nm = $4, updated_at = to_timestamp($5::double precision / 1000)
      WHERE user_id = $1`,
      [p.userId, p.email, p.firstName, p.lastName, p.nowMs, p.unverifiedUntilMs],
    );
  } catch (error) {
    // Taken in the meantime by another request (the unique index on lower(email_nm)).
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
  return true;
}

export const setTwoFactor = (db: Db, userId: number, secret: string | null) =>
  db.query('UPDATE users SET two_factor_enabled = $2, two_factor_secret = $3 WHERE user_id = $1', [
    userId,
    secret !== null,
    secret,
  ]);
