import type { Db } from '../../db/client.ts';

/** Times are passed as epoch milliseconds from the injected clock and turned into timestamptz here. */
const at = (n: number) => `to_timestamp($${n}::double precision / 1000)`;

export interface IdentityUser {
  user_id: number;
  email_nm: string;
  first_nm: string;
  last_nm: string;
  email_verified: boolean;
  has_password: boolean;
}

const userColumns = `user_id, email_nm, first_nm, last_nm, email_verified_at IS NOT NULL AS email_verified,
  password_hash IS NOT NULL AS has_password`;

export const findUserByEmail = (db: Db, email: string) =>
  db.one<IdentityUser>(`SELECT ${userColumns} FROM users WHERE lower(email_nm) = lower($1)`, [email]);

export const findUserById = (db: Db, userId: number) =>
  db.one<IdentityUser>(`SELECT ${userColumns} FROM users WHERE user_id = $1`, [userId]);

/** Sets a new password hash and bumps the token version, so every token issued before stops working. */
export const setPasswordHash = (db: Db, userId: number, passwordHash: string, nowMs: number) =>
  db.one<{ token_version: number; uss_admin_level: number }>(
    `UPDATE users SET password_hash = $2, token_version = token_version + 1, updated_at = ${at(3)}
      WHERE user_id = $1 RETURNING token_version, uss_admin_level`,
    [userId, passwordHash, nowMs],
  );

export const markEmailVerified = (db: Db, userId: number, nowMs: number) =>
  db.query(
    `UPDATE users SET email_verified_at = COALESCE(email_verified_at, ${at(2)}), unverified_sign_in_until = NULL
      WHERE user_id = $1`,
    [userId, nowMs],
  );

/** Lets a user whose address is not verified yet sign in until the given time (null: not at all). */
export const setUnverifiedSignInUntil = (db: Db, userId: number, untilMs: number | null) =>
  db.query(
    `UPDATE users SET unverified_sign_in_until = CASE WHEN $2::double precision IS NULL THEN NULL ELSE ${at(2)} END
      WHERE user_id = $1`,
    [userId, untilMs],
  );

// --- password resets -------------------------------------------------------------------------

/** Stores a reset token hash; earlier unused links of the user stop working (only the newest counts). */
export async function insertPasswordReset(db: Db, userId: number, tokenHash: string, nowMs: number, expiresMs: number) {
  await db.query(`UPDATE password_resets SET used_at = ${at(2)} WHERE user_id = $1 AND used_at IS NULL`, [
    userId,
    nowMs,
  ]);
  await db.query(
    `INSERT INTO password_resets (user_id, token_hash, expires_at, created_at) VALUES ($1, $2, ${at(3)}, ${at(4)})`,
    [userId, tokenHash, expiresMs, nowMs],
  );
}

/** Spends a reset link (atomically: a second use finds it used); returns its user, or undefined. */
export const claimPasswordReset = (db: Db, tokenHash: string, email: string, nowMs: number) =>
  db.one<{ user_id: number }>(
    `UPDATE password_resets r SET used_at = ${at(3)}
       FROM users u
      WHERE r.token_hash = $1 AND r.used_at IS NULL AND r.expires_at > ${at(3)}
        AND u.user_id = r.user_id AND lower(u.email_nm) = lower($2)
      RETURNING r.user_id`,
    [tokenHash, email, nowMs],
  );

// --- email verifications ---------------------------------------------------------------------

export type VerificationPurpose = 'verify-email' | 'set-password';

export async function insertVerification(
  db: Db,
  v: {
    userId: number;
    email: string;
    purpose: VerificationPurpose;
    tokenHash: string;
    nowMs: number;
    expiresMs: number;
  },
) {
  await db.query(
    `UPDATE email_verifications SET used_at = ${at(3)} WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
    [v.userId, v.purpose, v.nowMs],
  );
  await db.query(
    `INSERT INTO email_verifications (user_id, email_nm, purpose, token_hash, expires_at, created_at)
     VALUES ($1, $2, $3, $4, ${at(5)}, ${at(6)})`,
    [v.userId, v.email, v.purpose, v.tokenHash, v.expiresMs, v.nowMs],
  );
}

/**
 * Spends a verification link of the user (atomically). The link only counts while it names the
 * user's current address: after an email change, links sent to the old address do nothing.
 */
export const claimVerification = (
  db: Db,
  userId: number,
  tokenHash: string,
  purpose: VerificationPurpose,
  nowMs: number,
) =>
  db.one<{ user_id: number }>(
    `UPDATE email_verifications v SET used_at = ${at(5)}
       FROM users u
      WHERE v.user_id = $1 AND v.token_hash = $2 AND v.purpose = $3 AND v.used_at IS NULL AND v.expires_at > ${at(4)}
        AND u.user_id = v.user_id AND lower(u.email_nm) = lower(v.email_nm)
      RETURNING v.user_id`,
    [userId, tokenHash, purpose, nowMs, nowMs],
  );

// --- new users -------------------------------------------------------------------------------

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  nowMs: number;
  unverifiedSignInUntilMs: number;
}

/** Inserts a user (unverified); undefined when the address is taken (case-insensitively). */
export const insertUser = (db: Db, u: NewUser) =>
  db.one<{ user_id: number }>(
    `INSERT INTO users (email_nm, first_nm, last_nm, password_hash, unverified_sign_in_until, created_at, updated_at)
     VALUES ($1, $2, $3, $4, ${at(5)}, ${at(6)}, ${at(6)})
     ON CONFLICT (lower(email_nm)) DO NOTHING RETURNING user_id`,
    [u.email, u.firstName, u.lastName, u.passwordHash, u.unverifiedSignInUntilMs, u.nowMs],
  );

export const linkUserToAccount = (db: Db, userId: number, accountId: number, isAdmin: boolean) =>
  db.query(
    `INSERT INTO accounts_users (account_id, user_id, is_account_admin) VALUES ($1, $2, $3)
     ON CONFLICT (account_id, user_id) DO NOTHING`,
    [accountId, userId, isAdmin],
  );

export const findActiveAccountByNumber = (db: Db, accountNumber: string) =>
  db.one<{ account_id: number; account_number: string; name: string }>(
    'SELECT account_id, account_number, name FROM accounts WHERE account_number = $1 AND is_active',
    [accountNumber],
  );

/** The active account an invoice number belongs to, when it is the given account number's. */
export const findAccountByInvoice = (db: Db, accountNumber: string, invoiceNumber: string) =>
  db.one<{ account_id: number }>(
    `SELECT a.account_id FROM invoices i JOIN accounts a ON a.account_id = i.account_id
      WHERE a.account_number = $1 AND i.invoice_number = $2 AND a.is_active`,
    [accountNumber, invoiceNumber],
  );

export const findAccountAdminEmails = (db: Db, accountId: number) =>
  db.query<{ email_nm: string; first_nm: string }>(
    `SELECT u.email_nm, u.first_nm FROM accounts_users au JOIN users u ON u.user_id = au.user_id
      WHERE au.account_id = $1 AND au.is_account_admin ORDER BY u.user_id`,
    [accountId],
  );

export const findAccountName = (db: Db, accountId: number) =>
  db.one<{ account_id: number; name: string; account_number: string }>(
    'SELECT account_id, name, account_number FROM accounts WHERE account_id = $1',
    [accountId],
  );

/** The caller's role on an account: undefined when it is not one of theirs. */
export const findMembership = (db: Db, userId: number, accountId: number) =>
  db.one<{ is_account_admin: boolean }>(
    'SELECT is_account_admin FROM accounts_users WHERE user_id = $1 AND account_id = $2',
    [userId, accountId],
  );
