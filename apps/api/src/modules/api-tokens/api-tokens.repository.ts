import type { ApiToken } from '@portal/contract';

import type { Db } from '../../db/client.ts';

/** Of these accounts, the user's, each with whether the user administers it. */
export const findAccountRoles = (db: Db, userId: number, accountIds: number[]) =>
  db.query<{ account_id: number; is_account_admin: boolean }>(
    `SELECT account_id, is_account_admin FROM accounts_users WHERE user_id = $1 AND account_id = ANY($2::int[])`,
    [userId, accountIds],
  );

/** Whether the user administers any account. */
export const administersAny = async (db: Db, userId: number) =>
  Boolean(await db.one('SELECT 1 FROM accounts_users WHERE user_id = $1 AND is_account_admin LIMIT 1', [userId]));

export const insertApiToken = async (
  db: Db,
  input: {
    name: string;
    secretHash: string;
    secretPrefix: string;
    scopes: string[];
    accountIds: number[];
    userId: number;
    nowMs: number;
    expiresMs: number;
  },
) => {
  const row = await db.one<{ id: number }>(
    `INSERT INTO customer_api_tokens (name, secret_hash, secret_prefix, scopes, created_by_user_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, to_timestamp($6 / 1000.0), to_timestamp($7 / 1000.0))
     RETURNING token_id AS id`,
    [input.name, input.secretHash, input.secretPrefix, input.scopes, input.userId, input.nowMs, input.expiresMs],
  );
  await db.query(`INSERT INTO customer_api_token_accounts (token_id, account_id) SELECT $1, unnest($2::int[])`, [
    row!.id,
    input.accountIds,
  ]);
  return row!.id;
};

const columns = `t.token_id AS id, t.name, t.secret_prefix AS prefix, t.scopes,
  ARRAY(SELECT a.account_id FROM customer_api_token_accounts a WHERE a.token_id = t.token_id ORDER BY a.account_id)
    AS account_ids,
  (SELECT u.first_nm || ' ' || u.last_nm FROM users u WHERE u.user_id = t.created_by_user_id) AS created_by,
  extract(epoch FROM t.created_at)::bigint AS created_at, extract(epoch FROM t.expires_at)::bigint AS expires_at,
  extract(epoch FROM t.last_used_at)::bigint AS last_used_at`;

/**
 * Live tokens (neither revoked nor expired), newest first: those with an account the administrator
 * administers, or (staff, administrator null) every company's, or one account's.
 */
export const listApiTokens = (
  db: Db,
  filter: { administratorId: number | null; accountId: number | null; nowMs: number },
) =>
  db.query<ApiToken>(
    `SELECT ${columns} FROM customer_api_tokens t
      WHERE t.revoked_at IS NULL AND t.expires_at > to_timestamp($1 / 1000.0)
        AND ($2::int IS NULL OR EXISTS (SELECT 1 FROM customer_api_token_accounts a
              JOIN accounts_users au ON au.account_id = a.account_id AND au.user_id = $2 AND au.is_account_admin
             WHERE a.token_id = t.token_id))
        AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM customer_api_token_accounts a
             WHERE a.token_id = t.token_id AND a.account_id = $3))
      ORDER BY t.created_at DESC, t.token_id DESC`,
    [filter.nowMs, filter.administratorId, filter.accountId],
  );

export const findApiToken = (db: Db, tokenId: number) =>
  db.one<ApiToken>(`SELECT ${columns} FROM customer_api_tokens t WHERE t.token_id = $1`, [tokenId]);

/** Revokes a live token: by an administrator of one of its accounts, or by staff (administrator null). */
export const revokeApiToken = async (db: Db, tokenId: number, administratorId: number | null, nowMs: number) =>
  Boolean(
    await db.one(
      `UPDATE customer_api_tokens t SET revoked_at = to_timestamp($3 / 1000.0)
        WHERE t.token_id = $1 AND t.revoked_at IS NULL
          AND ($2::int IS NULL OR EXISTS (SELECT 1 FROM customer_api_token_accounts a
                JOIN accounts_users au ON au.account_id = a.account_id AND au.user_id = $2 AND au.is_account_admin
               WHERE a.token_id = t.token_id))
        RETURNING t.token_id`,
      [tokenId, administratorId, nowMs],
    ),
  );

/** The token of a secret digest that is not revoked: its id, scopes and whether it has expired. */
export const findTokenByHash = (db: Db, secretHash: string, nowMs: number) =>
  db.one<{ id: number; scopes: string[]; expired: boolean }>(
    `SELECT token_id AS id, scopes, expires_at <= to_timestamp($2 / 1000.0) AS expired
       FROM customer_api_tokens WHERE secret_hash = $1 AND revoked_at IS NULL`,
    [secretHash, nowMs],
  );

/** Records use at most once a minute, so a busy client does not write the token row on every call. */
export const touchApiToken = (db: Db, tokenId: number, nowMs: number) =>
  db.query(
    `UPDATE customer_api_tokens SET last_used_at = to_timestamp($2 / 1000.0)
      WHERE token_id = $1 AND (last_used_at IS NULL OR last_used_at < to_timestamp($2 / 1000.0) - interval '1 minute')`,
    [tokenId, nowMs],
  );
