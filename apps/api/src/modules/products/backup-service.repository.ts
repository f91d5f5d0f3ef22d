import type { Db } from '../../db/client.ts';
import { limitOffset } from '../../lib/paging.ts';

/** The managed backups of an order with their runs between start and end (epoch seconds). */
export const findManagedBackups = (db: Db, baseOrderId: number, start: number, end: number) =>
  db.query<{
    resource_id: string;
    title: string;
    last_backup: number | null;
    ok_count: number;
    error_count: number;
    status: 'ok' | 'error' | null;
  }>(
    `SELECT b.resource_hash AS resource_id, b.title,
            extract(epoch FROM last.ran_at)::int AS last_backup,
            count(r.*) FILTER (WHERE r.status = 'ok')::int AS ok_count,
            count(r.*) FILTER (WHERE r.status = 'error')::int AS error_count,
            last.status
       FROM bs_managed_backups b
       LEFT JOIN bs_backup_runs r
              ON r.managed_backup_id = b.id AND r.ran_at BETWEEN to_timestamp($2) AND to_timestamp($3)
       LEFT JOIN LATERAL (
              SELECT l.ran_at, l.status FROM bs_backup_runs l
               WHERE l.managed_backup_id = b.id AND l.ran_at BETWEEN to_timestamp($2) AND to_timestamp($3)
               ORDER BY l.ran_at DESC LIMIT 1) last ON true
      WHERE b.base_order_id = $1
      GROUP BY b.id, last.ran_at, last.status
      ORDER BY b.title, b.id`,
    [baseOrderId, start, end],
  );

/** One managed backup of an order by its resource hash. */
export const findManagedBackup = (db: Db, baseOrderId: number, resourceId: string) =>
  db.one<{ id: number; resource_id: string; title: string }>(
    `SELECT id, resource_hash AS resource_id, title FROM bs_managed_backups WHERE base_order_id = $1 AND resource_hash = $2`,
    [baseOrderId, resourceId],
  );

/** A page of a managed backup's runs between start and end, newest first. */
export function findRuns(db: Db, managedBackupId: number, start: number, end: number, page: number, perPage: number) {
  const { limit, offset } = limitOffset(page, perPage);
  return db.query<{ last_backup: number; status: 'ok' | 'error'; total_count: number }>(
    `SELECT extract(epoch FROM ran_at)::int AS last_backup, status, count(*) OVER () AS total_count
       FROM bs_backup_runs
      WHERE managed_backup_id = $1 AND ran_at BETWEEN to_timestamp($2) AND to_timestamp($3)
      ORDER BY ran_at DESC
      LIMIT $4 OFFSET $5`,
    [managedBackupId, start, end, limit, offset],
  );
}
