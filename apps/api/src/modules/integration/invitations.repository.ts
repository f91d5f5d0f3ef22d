import type { Db } from '../../db/client.ts';

/**
 * The "Invite loaded users" job (decisions 124, 131): its runs and queued users. Times are epoch
 * milliseconds in, epoch seconds out.
 */

const at = (param: string) => `to_timestamp(${param}::double precision / 1000)`;

/**
 * Queues in one run, inside `db`'s transaction, every customer the users feed loaded (they hold an account's
 * access) who never signed in: no password yet, no set-password link that still works (one sent within its
 * lifetime and not used), and not queued already. Answers the run's id and how many it queued (none: no run).
 */
export async function queueLoadedUsers(db: Db, requestedBy: number, nowMs: number) {
  const run = await db.one<{ run_id: number }>(
    `INSERT INTO loaded_user_invitation_runs (requested_by, requested_at) VALUES ($1, ${at('$2')}) RETURNING run_id`,
    [requestedBy, nowMs],
  );
  const runId = run?.run_id as number;
  const queued = await db.query<{ user_id: number }>(
    `INSERT INTO loaded_user_invitations (run_id, user_id)
     SELECT $1, u.user_id FROM users u
      WHERE u.password_hash IS NULL AND u.uss_admin_level = 0
        AND EXISTS (SELECT 1 FROM accounts_users au WHERE au.user_id = u.user_id)
        AND NOT EXISTS (SELECT 1 FROM email_verifications v
                         WHERE v.user_id = u.user_id AND v.purpose = 'set-password' AND v.used_at IS NULL
                           AND v.expires_at > ${at('$2')})
      ORDER BY u.user_id
     ON CONFLICT DO NOTHING
     RETURNING user_id`,
    [runId, nowMs],
  );
  if (queued.length === 0) await db.query('DELETE FROM loaded_user_invitation_runs WHERE run_id = $1', [runId]);
  return { runId, queued: queued.length };
}

const runColumns = `r.run_id AS id, extract(epoch FROM r.requested_at)::bigint AS requested_at,
  count(i.user_id)::int AS total, count(i.sent_at)::int AS sent, count(i.failed_at)::int AS failed,
  count(i.user_id) FILTER (WHERE i.sent_at IS NULL AND i.failed_at IS NULL)::int AS pending,
  CASE WHEN count(i.user_id) FILTER (WHERE i.sent_at IS NULL AND i.failed_at IS NULL) = 0
       THEN extract(epoch FROM max(COALESCE(i.sent_at, i.failed_at)))::bigint END AS finished_at`;

export interface RunRow {
  id: number;
  requested_at: number;
  total: number;
  sent: number;
  failed: number;
  pending: number;
  finished_at: number | null;
}

/** A run's counts, or the latest run's when `runId` is null. */
export const findRun = (db: Db, runId: number | null) =>
  db.one<RunRow>(
    `SELECT ${runColumns} FROM loaded_user_invitation_runs r
       LEFT JOIN loaded_user_invitations i ON i.run_id = r.run_id
      WHERE ($1::bigint IS NULL OR r.run_id = $1)
      GROUP BY r.run_id ORDER BY r.run_id DESC LIMIT 1`,
    [runId],
  );

/**
 * Leases up to `limit` queued users to `owner` until `leaseUntilMs`: rows another worker is leasing right now
 * are skipped (SKIP LOCKED) and an unexpired lease is never taken, so each queued user goes to one worker at
 * a time. A worker that dies loses its leases when they expire.
 */
export const leaseQueued = (db: Db, owner: string, nowMs: number, leaseUntilMs: number, limit: number) =>
  db.tx((t) =>
    t.query<{ run_id: number; user_id: number }>(
      `UPDATE loaded_user_invitations q SET lease_owner = $1, lease_until = ${at('$3')}
        WHERE (q.run_id, q.user_id) IN (
                SELECT run_id, user_id FROM loaded_user_invitations
                 WHERE sent_at IS NULL AND failed_at IS NULL
                   AND (lease_until IS NULL OR lease_until <= ${at('$2')})
                 ORDER BY run_id, user_id
                 LIMIT $4
                 FOR UPDATE SKIP LOCKED)
        RETURNING q.run_id, q.user_id`,
      [owner, nowMs, leaseUntilMs, limit],
    ),
  );

/** Records a leased user's mail as sent or failed: only by the lease's owner, only once. */
export const finishQueued = (
  db: Db,
  owner: string,
  row: { run_id: number; user_id: number },
  outcome: 'sent' | 'failed',
  nowMs: number,
) =>
  db.query(
    `UPDATE loaded_user_invitations SET ${outcome === 'sent' ? 'sent_at' : 'failed_at'} = ${at('$4')},
            lease_owner = NULL, lease_until = NULL
      WHERE run_id = $1 AND user_id = $2 AND lease_owner = $3 AND sent_at IS NULL AND failed_at IS NULL`,
    [row.run_id, row.user_id, owner, nowMs],
  );

/** Gives back the leases of users `owner` did not get to (it is stopping, or its lease ran short). */
export const releaseQueued = (db: Db, owner: string) =>
  db.query(
    `UPDATE loaded_user_invitations SET lease_owner = NULL, lease_until = NULL
      WHERE lease_owner = $1 AND sent_at IS NULL AND failed_at IS NULL`,
    [owner],
  );
