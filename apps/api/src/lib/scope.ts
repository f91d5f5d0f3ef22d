import type { Db } from '../db/client.ts';
import { notFound } from './errors.ts';

/** Who is calling: taken from a verified token and the user's current row. */
export interface Caller {
  userId: number;
  ussAdminLevel: number;
  /** Set when a staff member signed in as this user. */
  actorUserId: number | null;
}

/**
 * The one authorization rule for customer data: a row is visible when its account is one of the
 * caller's accounts. Every account-bearing query is built with this fragment; `$n` holds the user id.
 */
export const inCallerAccounts = (column: string, n: number) =>
  `${column} IN (SELECT au.account_id FROM accounts_users au WHERE au.user_id = $${n})`;

/** Throws NOT_FOUND (and reveals nothing) unless the account is one of the caller's. */
export async function requireAccount(db: Db, caller: Caller, accountId: number): Promise<void> {
  const row = await db.one('SELECT 1 FROM accounts_users WHERE user_id = $1 AND account_id = $2', [
    caller.userId,
    accountId,
  ]);
  if (!row) throw notFound();
}
