import type { Db } from '../../db/client.ts';
import { inCallerAccounts } from '../../db/scope.ts';
import type { CalendarNotice } from './calendar.ts';

/** The user's feed: when its address was made and last read (epoch seconds); none when it is off. */
export const findFeed = (db: Db, userId: number) =>
  db.one<{ created_at: number; last_read_at: number | null }>(
    `SELECT floor(extract(epoch FROM created_at))::bigint AS created_at, floor(extract(epoch FROM last_read_at))::bigint AS last_read_at
       FROM calendar_feeds WHERE user_id = $1`,
    [userId],
  );

/** Gives the user a feed with this secret's hash, replacing the one it had (whose address then fails). */
export const replaceFeed = (db: Db, userId: number, secretHash: string, nowMs: number) =>
  db.query(
    `INSERT INTO calendar_feeds (user_id, secret_hash, created_at) VALUES ($1, $2, to_timestamp($3 / 1000.0))
     ON CONFLICT (user_id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, created_at = EXCLUDED.created_at,
       last_read_at = NULL`,
    [userId, secretHash, nowMs],
  );

export const deleteFeed = (db: Db, userId: number) =>
  db.query('DELETE FROM calendar_feeds WHERE user_id = $1', [userId]);

/** The user whose feed has this secret's hash, noting the read; none for an unknown or revoked secret. */
export const readFeed = (db: Db, secretHash: string, nowMs: number) =>
  db.one<{ user_id: number }>(
    `UPDATE calendar_feeds SET last_read_at = to_timestamp($2 / 1000.0) WHERE secret_hash = $1 RETURNING user_id`,
    [secretHash, nowMs],
  );

const noticeColumns = `
  b.batch_id, b.kind, b.subject, b.service_affecting, b.description_of_work, b.scheduled_event, b.area,
  b.ticket_number, b.duration_of_interruption,
  extract(epoch FROM b.window_start_time)::bigint AS window_start_time,
  extract(epoch FROM b.window_end_time)::bigint AS window_end_time,
  b.circuits_affected, b.cancelled, b.sequence, floor(extract(epoch FROM b.updated_at))::bigint AS updated_at,
  min(e.cmc_contact_email_id) AS notification_id,
  array_agg(DISTINCT a.account_number ORDER BY a.account_number) AS account_numbers,
  string_agg(e.circuit_ids, ', ' ORDER BY e.cmc_contact_email_id) AS circuit_ids`;

/**
 * The notices sent to the user's accounts (as the user's access is now), one row per batch with the
 * user's copies folded in: those whose window ends after `sinceMs`, the latest `limit` windows.
 */
export const findCalendarNotices = (db: Db, userId: number, sinceMs: number, limit: number) =>
  db.query<CalendarNotice>(
    `SELECT ${noticeColumns}
       FROM cmc_contact_emails e
       JOIN cmc_contact_batches b ON b.batch_id = e.batch_id
       JOIN accounts a ON a.account_id = e.account_id
      WHERE ${inCallerAccounts('e.account_id', 1)} AND b.window_end_time > to_timestamp($2 / 1000.0)
      GROUP BY b.batch_id
      ORDER BY b.window_start_time DESC, b.batch_id DESC
      LIMIT $3`,
    [userId, sinceMs, limit],
  );

/** The notice of one of the caller's notifications, with the caller's copies of it; none for another's. */
export const findCalendarNotice = (db: Db, userId: number, notificationId: number) =>
  db.one<CalendarNotice>(
    `SELECT ${noticeColumns}
       FROM cmc_contact_emails e
       JOIN cmc_contact_batches b ON b.batch_id = e.batch_id
       JOIN accounts a ON a.account_id = e.account_id
      WHERE ${inCallerAccounts('e.account_id', 1)}
        AND e.batch_id = (SELECT x.batch_id FROM cmc_contact_emails x
                           WHERE x.cmc_contact_email_id = $2 AND ${inCallerAccounts('x.account_id', 1)})
      GROUP BY b.batch_id`,
    [userId, notificationId],
  );
