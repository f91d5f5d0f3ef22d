import type { Db } from '../../db/client.ts';
import { likePattern, limitOffset } from '../../lib/paging.ts';
import { inCallerAccounts } from '../../db/scope.ts';

export const findCurrentOutages = (db: Db) =>
  db.query<{ outage_id: number; message: string }>(
    `SELECT outage_id, message FROM outages
      WHERE starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
      ORDER BY starts_at DESC`,
  );

/** Upcoming: the window starts in the future. Recent: it started within the last 30 days. */
export const countMaintenance = (db: Db, userId: number) =>
  db.one<{ upcomingCount: number; recentCount: number }>(
    `SELECT count(*) FILTER (WHERE b.window_start_time > now())::int AS "upcomingCount",
            count(*) FILTER (WHERE b.window_start_time <= now()
                               AND b.window_start_time > now() - interval '30 days')::int AS "recentCount"
       FROM cmc_contact_batches b
      WHERE EXISTS (SELECT 1 FROM cmc_contact_emails e
                     WHERE e.batch_id = b.batch_id AND ${inCallerAccounts('e.account_id', 1)})`,
    [userId],
  );

/** A notice (the batch every copy of a notification shares); times as epoch seconds. */
export interface NoticeBatch {
  kind: 'maintenance' | 'outage';
  subject: string;
  date: number;
  service_affecting: boolean;
  description_of_work: string;
  scheduled_event: string | null;
  area: string | null;
  ticket_number: string;
  duration_of_interruption: string | null;
  window_start_time: number;
  window_end_time: number;
  circuits_affected: string | null;
  cancelled: boolean;
}

/** A notification e-mail and its batch, times as epoch seconds (the service adds the readable forms). */
export interface NotificationRow {
  cmc_contact_email_id: number;
  account_id: number;
  account_number: string;
  created: number;
  circuit_ids: string | null;
  cmc_contact_batch: NoticeBatch;
}

const notificationColumns = `
  e.cmc_contact_email_id, e.account_id, a.account_number,
  extract(epoch FROM e.created_at)::bigint AS created, e.circuit_ids,
  json_build_object(
    'kind', b.kind, 'subject', b.subject, 'date', extract(epoch FROM b.created_at)::bigint,
    'service_affecting', b.service_affecting, 'description_of_work', b.description_of_work,
    'scheduled_event', b.scheduled_event, 'area', b.area, 'ticket_number', b.ticket_number,
    'duration_of_interruption', b.duration_of_interruption,
    'window_start_time', extract(epoch FROM b.window_start_time)::bigint,
    'window_end_time', extract(epoch FROM b.window_end_time)::bigint,
    'circuits_affected', b.circuits_affected, 'cancelled', b.cancelled) AS cmc_contact_batch`;

const notificationFrom = `
  FROM cmc_contact_emails e
  JOIN cmc_contact_batches b ON b.batch_id = e.batch_id
  JOIN accounts a ON a.account_id = e.account_id`;

export interface NotificationFilter {
  accountId?: number;
  window?: 'upcoming' | 'recent';
  search?: string;
  page: number;
  perPage: number;
}

/** A page of the caller's notifications, newest first; search matches subject, ticket number or circuits. */
export function findNotifications(db: Db, userId: number, filter: NotificationFilter) {
  const params: unknown[] = [userId];
  const where = [inCallerAccounts('e.account_id', 1)];
  if (filter.accountId !== undefined) {
    params.push(filter.accountId);
    where.push(`e.account_id = $${params.length}`);
  }
  // The same windows countMaintenance counts, so the dashboard's counts link to what they count.
  if (filter.window === 'upcoming') where.push('b.window_start_time > now()');
  if (filter.window === 'recent') {
    where.push(`b.window_start_time <= now()
                AND b.window_start_time > now() - interval '30 days'`);
  }
  if (filter.search) {
    params.push(likePattern(filter.search));
    const n = params.length;
    where.push(
      `(b.subject ILIKE $${n} OR b.ticket_number ILIKE $${n} OR e.circuit_ids ILIKE $${n} OR b.circuits_affected ILIKE $${n})`,
    );
  }
  const { limit, offset } = limitOffset(filter.page, filter.perPage);
  params.push(limit, offset);
  return db.query<NotificationRow & { total_count: number }>(
    `SELECT ${notificationColumns}, count(*) OVER () AS total_count
     ${notificationFrom}
      WHERE ${where.join(' AND ')}
      ORDER BY e.created_at DESC, e.cmc_contact_email_id DESC
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}

/** One notification e-mail, only when it was sent to one of the caller's accounts. */
export const findNotification = (db: Db, userId: number, notificationId: number) =>
  db.one<NotificationRow>(
    `SELECT ${notificationColumns}
     ${notificationFrom}
      WHERE e.cmc_contact_email_id = $2 AND ${inCallerAccounts('e.account_id', 1)}`,
    [userId, notificationId],
  );
