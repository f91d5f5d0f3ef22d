import type { Db } from './client.ts';

/**
 * The one authorization rule for customer data: a row is visible when its account is one of the
 * caller's accounts. Every account-bearing query is built with this fragment; `$n` holds the user id.
 */
export const inCallerAccounts = (column: string, n: number) =>
  `${column} IN (SELECT au.account_id FROM accounts_users au WHERE au.user_id = $${n})`;

/** True when the account is one of the user's. */
export const isAccountMember = async (db: Db, userId: number, accountId: number) =>
  Boolean(await db.one('SELECT 1 FROM accounts_users WHERE user_id = $1 AND account_id = $2', [userId, accountId]));
