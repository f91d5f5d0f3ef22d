import type { Db } from '../../../db/client.ts';

/** Times come as epoch milliseconds of the item's clock (UpsertContext.nowMs). */
const at = (n: number) => `to_timestamp($${n}::double precision / 1000)`;

export interface HeldUser {
  user_id: number;
  first_nm: string;
  last_nm: string;
  accounts: { account_number: string; is_account_admin: boolean }[];
}

export const readUser = (db: Db, email: string) =>
  db.one<HeldUser>(
    `SELECT u.user_id, u.first_nm, u.last_nm,
       COALESCE((SELECT json_agg(json_build_object('account_number', a.account_number,
                   'is_account_admin', au.is_account_admin) ORDER BY a.account_number)
                 FROM accounts_users au JOIN accounts a ON a.account_id = au.account_id
                WHERE au.user_id = u.user_id), '[]') AS accounts
     FROM users u WHERE lower(u.email_nm) = $1`,
    [email],
  );

export const accountsByNumber = (db: Db, numbers: string[]) =>
  db.query<{ account_id: number; account_number: string; company: string }>(
    `SELECT account_id, account_number, COALESCE(company_key, company_nm) AS company
       FROM accounts WHERE account_number = ANY($1)`,
    [numbers],
  );

/** A new user without a password: they choose one from the invitation. */
export const insertUser = async (db: Db, u: { email: string; firstName: string; lastName: string }, nowMs: number) =>
  (await db.one<{ user_id: number }>(
    `INSERT INTO users (email_nm, first_nm, last_nm, created_at, updated_at) VALUES ($1, $2, $3, ${at(4)}, ${at(4)})
     RETURNING user_id`,
    [u.email, u.firstName, u.lastName, nowMs],
  ))!.user_id;

export const updateUserNames = (db: Db, userId: number, firstName: string, lastName: string, nowMs: number) =>
  db.query(`UPDATE users SET first_nm = $2, last_nm = $3, updated_at = ${at(4)} WHERE user_id = $1`, [
    userId,
    firstName,
    lastName,
    nowMs,
  ]);

/** Replaces the user's account access with exactly this list. */
export async function replaceAccess(
  db: Db,
  userId: number,
  access: { accountId: number; isAdmin: boolean }[],
  nowMs: number,
): Promise<void> {
  await db.query('DELETE FROM accounts_users WHERE user_id = $1 AND NOT (account_id = ANY($2))', [
    userId,
    access.map((a) => a.accountId),
  ]);
  if (access.length === 0) return;
  await db.query(
    `INSERT INTO accounts_users (account_id, user_id, is_account_admin, created_at)
     SELECT a.account_id, $1, a.is_admin, ${at(4)} FROM unnest($2::int[], $3::bool[]) AS a(account_id, is_admin)
     ON CONFLICT (account_id, user_id) DO UPDATE SET is_account_admin = EXCLUDED.is_account_admin`,
    [userId, access.map((a) => a.accountId), access.map((a) => a.isAdmin), nowMs],
  );
}
