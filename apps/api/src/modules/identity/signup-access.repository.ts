import type { SignupAccessGrant } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { likePattern, limitOffset } from '../../lib/paging.ts';

const at = (n: number) => `to_timestamp($${n}::double precision / 1000)`;

const grantColumns = `g.grant_id, a.account_number, a.name AS account_name, u.email_nm, u.first_nm, u.last_nm,
  extract(epoch FROM g.created_at)::bigint AS created_at, g.notified,
  extract(epoch FROM g.revoked_at)::bigint AS revoked_at, g.revoked_by`;
const grantFrom = `signup_access_grants g JOIN accounts a ON a.account_id = g.account_id
  JOIN users u ON u.user_id = g.user_id`;

export const insertSignupGrant = (db: Db, accountId: number, userId: number, tokenHash: string, nowMs: number) =>
  db.one<{ grant_id: number }>(
    `INSERT INTO signup_access_grants (account_id, user_id, token_hash, created_at)
     VALUES ($1, $2, $3, ${at(4)}) RETURNING grant_id`,
    [accountId, userId, tokenHash, nowMs],
  );

export const setGrantNotified = (db: Db, grantId: number, count: number) =>
  db.query('UPDATE signup_access_grants SET notified = $2 WHERE grant_id = $1', [grantId, count]);

export const findGrantByTokenHash = (db: Db, tokenHash: string) =>
  db.one<SignupAccessGrant & { account_id: number; user_id: number }>(
    `SELECT ${grantColumns}, g.account_id, g.user_id FROM ${grantFrom} WHERE g.token_hash = $1`,
    [tokenHash],
  );

/**
 * Marks the grant of this link revoked (once) and removes the plain-user access it gave; false when
 * there is no such grant or it was already revoked.
 */
export async function revokeGrant(db: Db, tokenHash: string, by: string, nowMs: number): Promise<boolean> {
  const row = await db.one<{ account_id: number; user_id: number }>(
    `UPDATE signup_access_grants SET revoked_at = ${at(3)}, revoked_by = $2
      WHERE token_hash = $1 AND revoked_at IS NULL RETURNING account_id, user_id`,
    [tokenHash, by, nowMs],
  );
  if (!row) return false;
  // An administrator may have made them an administrator since: that was a decision, keep it.
  await db.query('DELETE FROM accounts_users WHERE account_id = $1 AND user_id = $2 AND NOT is_account_admin', [
    row.account_id,
    row.user_id,
  ]);
  return true;
}

export async function findGrantsPage(db: Db, page: number, perPage: number, search?: string) {
  const params: unknown[] = [];
  let where = '';
  if (search) {
    params.push(likePattern(search));
    where = 'WHERE u.email_nm ILIKE $1 OR a.account_number ILIKE $1 OR a.name ILIKE $1';
  }
  const { limit, offset } = limitOffset(page, perPage);
  params.push(limit, offset);
  return db.query<SignupAccessGrant & { total_count: number }>(
    `SELECT ${grantColumns}, count(*) OVER () AS total_count FROM ${grantFrom} ${where}
      ORDER BY g.created_at DESC, g.grant_id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}
