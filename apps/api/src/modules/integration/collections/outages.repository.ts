import type { OutageItem } from '@portal/contract';

import type { Db } from '../../../db/client.ts';

/** An outage is active from its start until it ends (the banner's rule). */
export const readOutage = (db: Db, externalId: string, nowMs: number) =>
  db.one<{ message: string; active: boolean }>(
    `SELECT message, (starts_at <= to_timestamp($2 / 1000.0)
       AND (ends_at IS NULL OR ends_at > to_timestamp($2 / 1000.0))) AS active
     FROM outages WHERE external_id = $1`,
    [externalId, nowMs],
  );

/** Active: shown from now on with no end; inactive: ended now (or never shown). */
export const upsertOutage = (db: Db, o: OutageItem, nowMs: number) =>
  db.query(
    `INSERT INTO outages (external_id, message, starts_at, ends_at)
     VALUES ($1, $2, to_timestamp($3 / 1000.0), CASE WHEN $4 THEN NULL ELSE to_timestamp($3 / 1000.0) END)
     ON CONFLICT (external_id) DO UPDATE SET message = EXCLUDED.message,
       starts_at = CASE WHEN $4 THEN LEAST(outages.starts_at, EXCLUDED.starts_at) ELSE outages.starts_at END,
       ends_at = EXCLUDED.ends_at`,
    [o.external_id, o.message, nowMs, o.active],
  );
