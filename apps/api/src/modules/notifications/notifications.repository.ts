import type { Db } from '../../db/client.ts';
import { inCallerAccounts } from '../../lib/scope.ts';

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
