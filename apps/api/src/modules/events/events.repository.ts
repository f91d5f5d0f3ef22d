import type { Db } from '../../db/client.ts';

export type EventType =
  | 'ticket.created'
  | 'ticket.replied'
  | 'inquiry.created'
  | 'order.alias_changed'
  | 'user.invited'
  | 'user.access_changed'
  | 'user.removed'
  | 'pin.reset'
  | 'legal.accepted';

/** Serializes event writers until they commit, so event ids follow commit order (see 062). */
const eventLock = 724911;

/**
 * Records an event inside the caller's transaction (`db` must be a transaction handle). The order's
 * number and account, and the user's email, are added from their ids, so call sites stay one line.
 */
export async function recordEvent(
  db: Db,
  e: {
    type: EventType;
    nowMs: number;
    accountId?: number | null;
    orderId?: number | null;
    userId?: number | null;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock($1)', [eventLock]);
  await db.query(
    `WITH o AS (SELECT order_number, account_id FROM orders WHERE base_order_id = $4::int)
     INSERT INTO integration_events (type, occurred_at, account_id, data)
     SELECT $1, to_timestamp($2 / 1000.0), COALESCE($3::int, (SELECT account_id FROM o)),
       jsonb_strip_nulls($6::jsonb || jsonb_build_object(
         'order_number', (SELECT order_number FROM o),
         'user_email', (SELECT email_nm FROM users WHERE user_id = $5::int)))`,
    [e.type, e.nowMs, e.accountId ?? null, e.orderId ?? null, e.userId ?? null, JSON.stringify(e.data ?? {})],
  );
}

export interface EventRow {
  id: number;
  type: string;
  occurred_at: string;
  account_number: string | null;
  data: Record<string, unknown>;
}

export const eventsAfter = (db: Db, after: number, limit: number) =>
  db.query<EventRow>(
    `SELECT e.event_id AS id, e.type,
       to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at,
       a.account_number, e.data
     FROM integration_events e LEFT JOIN accounts a ON a.account_id = e.account_id
     WHERE e.event_id > $1 ORDER BY e.event_id LIMIT $2`,
    [after, limit],
  );
