import type { Db } from './client.ts';

/**
 * The one authorization rule for customer data: a row is visible when its account is one of the
 * caller's accounts. Every account-bearing query is built with this fragment; `$n` holds the user id,
 * or minus a customer API token's id: a token sees its own accounts (decision 129).
 */
export const inCallerAccounts = (column: string, n: number) =>
  `${column} IN (SELECT au.account_id FROM accounts_users au WHERE au.user_id = $${n}
    UNION ALL SELECT ta.account_id FROM customer_api_token_accounts ta WHERE ta.token_id = -$${n}::int)`;

/** True when the account is one of the caller's (a user, or minus an API token's id). */
export const isAccountMember = async (db: Db, userId: number, accountId: number) =>
  Boolean(
    await db.one(
      `SELECT 1 FROM accounts_users WHERE user_id = $1 AND account_id = $2
       UNION ALL SELECT 1 FROM customer_api_token_accounts WHERE token_id = -$1::int AND account_id = $2`,
      [userId, accountId],
    ),
  );
