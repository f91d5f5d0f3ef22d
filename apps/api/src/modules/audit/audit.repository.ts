import type { AuditEntry, AuditKind } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { likePattern, limitOffset } from '../../lib/paging.ts';

/** One action for the log; the names and the token's name are read from the ids. */
export interface AuditRecord {
  kind: AuditKind;
  nowMs: number;
  /** The accounts whose log shows it; null: the order's, else the user's, else the token's, at this moment. */
  accountIds: number[] | null;
  /** An order it concerns: its account, and its number as the subject. */
  orderId: number | null;
  userId: number | null;
  staffUserId: number | null;
  tokenId: number | null;
  reason: string | null;
  callId: string | null;
  address: string | null;
  subject: string | null;
  detail: string | null;
}

const fullName = (alias: string) => `NULLIF(trim(concat_ws(' ', ${alias}.first_nm, ${alias}.last_nm)), '')`;

export async function insertEntry(db: Db, e: AuditRecord): Promise<void> {
  await db.query(
    `WITH e AS (
       INSERT INTO audit_entries (occurred_at, kind, user_id, user_name, user_email, staff_user_id, staff_name,
                                  staff_email, reason, token_id, token_name, call_id, address, subject, detail)
       SELECT to_timestamp($1 / 1000.0), $2, u.user_id, ${fullName('u')}, u.email_nm, s.user_id,
              COALESCE(${fullName('s')}, s.email_nm), s.email_nm, $5, t.token_id, t.name, $7, $8,
              COALESCE($9, (SELECT order_number FROM orders WHERE base_order_id = $12::int)), $10
         FROM (SELECT 1) one
         LEFT JOIN users u ON u.user_id = $3::int
         LEFT JOIN users s ON s.user_id = $4::int
         LEFT JOIN customer_api_tokens t ON t.token_id = $6::int
       RETURNING entry_id, occurred_at)
     INSERT INTO audit_entry_accounts (entry_id, account_id, occurred_at)
     SELECT e.entry_id, a.account_id, e.occurred_at
       FROM e, (SELECT unnest($11::int[]) AS account_id WHERE $11::int[] IS NOT NULL
                UNION SELECT account_id FROM orders WHERE $11::int[] IS NULL AND base_order_id = $12::int
                UNION SELECT account_id FROM accounts_users
                       WHERE $11::int[] IS NULL AND $12::int IS NULL AND user_id = $3::int
                UNION SELECT account_id FROM customer_api_token_accounts
                       WHERE $11::int[] IS NULL AND $12::int IS NULL AND $3::int IS NULL AND token_id = $6::int) a`,
    [
      e.nowMs,
      e.kind,
      e.userId,
      e.staffUserId,
      e.reason,
      e.tokenId,
      e.callId,
      e.address,
      e.subject,
      e.detail,
      e.accountIds,
      e.orderId,
    ],
  );
}

export interface EntryFilter {
  accountId: number;
  userId?: number;
  kind?: string;
  /** YYYY-MM-DD, UTC, included. */
  from?: string;
  to?: string;
}

const entryColumns = `e.entry_id AS id, extract(epoch FROM e.occurred_at)::bigint AS occurred_at, e.kind, e.user_id,
  e.user_name, e.user_email, e.staff_name, e.reason, e.token_name, e.call_id, e.address, e.subject, e.detail`;

function where(filter: EntryFilter, params: unknown[]): string {
  params.push(filter.accountId);
  const conditions = [`ea.account_id = $${params.length}`];
  if (filter.userId !== undefined) {
    params.push(filter.userId);
    conditions.push(`e.user_id = $${params.length}`);
  }
  if (filter.kind) {
    params.push(filter.kind);
    conditions.push(`e.kind = $${params.length}`);
  }
  if (filter.from) {
    params.push(filter.from);
    conditions.push(`ea.occurred_at >= ($${params.length}::date)::timestamp AT TIME ZONE 'UTC'`);
  }
  if (filter.to) {
    params.push(filter.to);
    conditions.push(`ea.occurred_at < ($${params.length}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  }
  return conditions.join(' AND ');
}

export function findEntriesPage(db: Db, filter: EntryFilter, page: number, perPage: number) {
  const params: unknown[] = [];
  const conditions = where(filter, params);
  const { limit, offset } = limitOffset(page, perPage);
  params.push(limit, offset);
  return db.query<AuditEntry & { total_count: number }>(
    `SELECT ${entryColumns}, count(*) OVER () AS total_count
       FROM audit_entry_accounts ea JOIN audit_entries e ON e.entry_id = ea.entry_id
      WHERE ${conditions}
      ORDER BY ea.occurred_at DESC, ea.entry_id DESC
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}

/** Matching entries newest first, `limit` at a time after the (time, id) cursor of the last one read. */
export function findEntriesAfter(
  db: Db,
  filter: EntryFilter,
  after: { key: string; id: number } | null,
  limit: number,
) {
  const params: unknown[] = [];
  let conditions = where(filter, params);
  if (after) {
    params.push(after.key, after.id);
    conditions += ` AND (ea.occurred_at, ea.entry_id) < (($${params.length - 1}::timestamp) AT TIME ZONE 'UTC', $${params.length})`;
  }
  params.push(limit);
  return db.query<AuditEntry & { occurred_key: string }>(
    `SELECT ${entryColumns},
            to_char(ea.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS occurred_key
       FROM audit_entry_accounts ea JOIN audit_entries e ON e.entry_id = ea.entry_id
      WHERE ${conditions}
      ORDER BY ea.occurred_at DESC, ea.entry_id DESC
      LIMIT $${params.length}`,
    params,
  );
}

export const findEntryUsers = (db: Db, accountId: number) =>
  db.query<{ user_id: number; name: string }>(
    `SELECT DISTINCT ON (e.user_id) e.user_id, COALESCE(e.user_name || ' (' || e.user_email || ')', e.user_email) AS name
       FROM audit_entry_accounts ea JOIN audit_entries e ON e.entry_id = ea.entry_id
      WHERE ea.account_id = $1 AND e.user_id IS NOT NULL
      ORDER BY e.user_id, ea.occurred_at DESC`,
    [accountId],
  );

/** Removes the entries that occurred before the time; answers how many. */
export async function deleteEntriesBefore(db: Db, beforeMs: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM audit_entries WHERE occurred_at < to_timestamp($1 / 1000.0) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [beforeMs],
  );
  return rows[0]?.n ?? 0;
}

/** Who may read an account's log: null when the user is not one of its users. */
export const findAccountRole = (db: Db, userId: number, accountId: number) =>
  db.one<{ is_account_admin: boolean; account_number: string }>(
    `SELECT au.is_account_admin, a.account_number
       FROM accounts_users au JOIN accounts a ON a.account_id = au.account_id
      WHERE au.user_id = $1 AND au.account_id = $2`,
    [userId, accountId],
  );

export const findAccountNumber = (db: Db, accountId: number) =>
  db.one<{ account_number: string }>('SELECT account_number FROM accounts WHERE account_id = $1', [accountId]);

export interface StaffSignIn {
  audit_id: number;
  staff_user_id: number | null;
  staff_email: string;
  user_id: number | null;
  user_email: string;
  ip_address: string | null;
  reason: string | null;
  created_at: number;
}

/** Every staff sign-in as a customer, newest first (the staff record page); search by either email. */
export function findStaffSignInsPage(db: Db, filter: { page: number; perPage: number; search?: string }) {
  const params: unknown[] = [];
  let search = '';
  if (filter.search) {
    params.push(likePattern(filter.search));
    search = 'AND (e.staff_email ILIKE $1 OR e.user_email ILIKE $1)';
  }
  const { limit, offset } = limitOffset(filter.page, filter.perPage);
  params.push(limit, offset);
  return db.query<StaffSignIn & { total_count: number }>(
    `SELECT e.entry_id::int AS audit_id, e.staff_user_id, COALESCE(e.staff_email, '') AS staff_email, e.user_id,
            COALESCE(e.user_email, '') AS user_email, e.address AS ip_address, e.reason,
            extract(epoch FROM e.occurred_at)::bigint AS created_at, count(*) OVER () AS total_count
       FROM audit_entries e
      WHERE e.kind = 'staff.signed_in_as' ${search}
      ORDER BY e.occurred_at DESC, e.entry_id DESC
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}
