import type { Db } from '../../../db/client.ts';

/**
 * Prometheus-compatible sources (migration 101, decision 101): configuration, the series each answers,
 * and status. The only code with SQL on prometheus_sources, prometheus_series and
 * prometheus_query_minutes. Times are epoch milliseconds in, epoch seconds out.
 */

export interface HeldSource {
  id: number;
  source_key: string;
  url: string;
  auth: 'none' | 'bearer' | 'basic';
  username: string | null;
  /** Sealed bearer token or password. */
  secret: string | null;
  updated_ms: number;
}

export interface SeriesRow {
  order_number: string;
  metric: string;
  object_key: string;
  promql: string;
}

export interface SourceListing extends Omit<HeldSource, 'id' | 'secret' | 'updated_ms'> {
  series: SeriesRow[];
  last_success_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  queries_last_hour: number;
}

const epoch = (column: string) => `extract(epoch FROM ${column})::bigint`;
const at = (param: string) => `to_timestamp(${param}::float8 / 1000)`;
const sourceColumns = `s.id, s.source_key, s.url, s.auth, s.username, s.secret,
  (extract(epoch FROM s.updated_at) * 1000)::float8 AS updated_ms`;

export const findSource = (db: Db, sourceKey: string) =>
  db.one<HeldSource>(`SELECT ${sourceColumns} FROM prometheus_sources s WHERE s.source_key = $1`, [sourceKey]);

/** The series a source answers, in the order they were given. */
export const heldSeries = (db: Db, sourceId: number) =>
  db.query<SeriesRow>(
    `SELECT o.order_number, ps.metric, ps.object_key, ps.promql
       FROM prometheus_series ps JOIN orders o ON o.base_order_id = ps.base_order_id
      WHERE ps.source_id = $1 ORDER BY ps.position`,
    [sourceId],
  );

/** The orders some series name, with the controller of their product (which page reads them). */
export const findOrders = (db: Db, orderNumbers: string[]) =>
  db.query<{ order_number: string; base_order_id: number; product_controller: string }>(
    `SELECT o.order_number, o.base_order_id, p.product_controller
       FROM orders o JOIN products p ON p.product_cd = o.product_cd
      WHERE o.order_number = ANY($1::text[])`,
    [orderNumbers],
  );

/** Which of these series (order, metric, object) another source already answers. */
export const takenElsewhere = (
  db: Db,
  sourceKey: string,
  series: { base_order_id: number; metric: string; object_key: string }[],
) =>
  db.query<{ base_order_id: number; metric: string; object_key: string; source_key: string }>(
    `SELECT ps.base_order_id, ps.metric, ps.object_key, s.source_key
       FROM prometheus_series ps JOIN prometheus_sources s ON s.id = ps.source_id
       JOIN jsonb_to_recordset($2::jsonb) AS x(base_order_id int, metric text, object_key text)
         ON x.base_order_id = ps.base_order_id AND x.metric = ps.metric AND x.object_key = ps.object_key
      WHERE s.source_key <> $1`,
    [sourceKey, JSON.stringify(series)],
  );

export interface SourceWrite {
  source_key: string;
  url: string;
  auth: HeldSource['auth'];
  username: string | null;
  secret: string | null;
}

export async function writeSource(db: Db, s: SourceWrite, nowMs: number, heldId?: number): Promise<number> {
  if (heldId !== undefined) {
    await db.query(
      `UPDATE prometheus_sources SET url = $2, auth = $3, username = $4, secret = $5, updated_at = ${at('$6')}
        WHERE id = $1`,
      [heldId, s.url, s.auth, s.username, s.secret, nowMs],
    );
    return heldId;
  }
  const row = await db.one<{ id: number }>(
    `INSERT INTO prometheus_sources (source_key, url, auth, username, secret, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, ${at('$6')}, ${at('$6')}) RETURNING id`,
    [s.source_key, s.url, s.auth, s.username, s.secret, nowMs],
  );
  return (row as { id: number }).id;
}

/** Replaces the series a source answers. */
export async function replaceSeries(
  db: Db,
  sourceId: number,
  series: { base_order_id: number; metric: string; object_key: string; promql: string }[],
): Promise<void> {
  await db.query(`DELETE FROM prometheus_series WHERE source_id = $1`, [sourceId]);
  if (series.length === 0) return;
  await db.query(
    `INSERT INTO prometheus_series (source_id, position, base_order_id, metric, object_key, promql)
     SELECT $1, x.position, x.base_order_id, x.metric, x.object_key, x.promql
       FROM jsonb_to_recordset($2::jsonb) AS x(position int, base_order_id int, metric text, object_key text, promql text)`,
    [sourceId, JSON.stringify(series.map((s, position) => ({ ...s, position })))],
  );
}

export async function deleteSource(db: Db, sourceKey: string): Promise<boolean> {
  const rows = await db.query(`DELETE FROM prometheus_sources WHERE source_key = $1 RETURNING id`, [sourceKey]);
  return rows.length > 0;
}

/** Every source with its series and status (never its secret), by source_key. */
export const listSources = (db: Db, nowMs: number) =>
  db.query<SourceListing>(
    `SELECT s.source_key, s.url, s.auth, s.username,
            COALESCE((SELECT json_agg(json_build_object('order_number', o.order_number, 'metric', ps.metric,
                                                        'object_key', ps.object_key, 'promql', ps.promql)
                                      ORDER BY ps.position)
                        FROM prometheus_series ps JOIN orders o ON o.base_order_id = ps.base_order_id
                       WHERE ps.source_id = s.id), '[]'::json) AS series,
            ${epoch('s.last_success_at')} AS last_success_at, s.last_error, ${epoch('s.last_error_at')} AS last_error_at,
            COALESCE((SELECT sum(q.queries) FROM prometheus_query_minutes q
                       WHERE q.source_id = s.id AND q.minute > ${at('$1')} - interval '1 hour'), 0)::int AS queries_last_hour
       FROM prometheus_sources s
      ORDER BY s.source_key`,
    [nowMs],
  );

/** A series of an order a source answers, with what it takes to ask the source. */
export interface MappedSeries extends HeldSource {
  metric: string;
  object_key: string;
  promql: string;
}

/** The series of an order, of these metrics, that sources answer. */
export const mappedSeries = (db: Db, baseOrderId: number, metrics: string[]) =>
  db.query<MappedSeries>(
    `SELECT ${sourceColumns}, ps.metric, ps.object_key, ps.promql
       FROM prometheus_series ps JOIN prometheus_sources s ON s.id = ps.source_id
      WHERE ps.base_order_id = $1 AND ps.metric = ANY($2::text[])`,
    [baseOrderId, metrics],
  );

/** A query answered: the source's last success, and one more query this minute. */
export async function recordOutcome(db: Db, sourceId: number, nowMs: number, error: string | null): Promise<void> {
  await db.query(
    error === null
      ? `UPDATE prometheus_sources SET last_success_at = ${at('$2')} WHERE id = $1`
      : `UPDATE prometheus_sources SET last_error = $3, last_error_at = ${at('$2')} WHERE id = $1`,
    error === null ? [sourceId, nowMs] : [sourceId, nowMs, error],
  );
  await db.query(
    `INSERT INTO prometheus_query_minutes (source_id, minute, queries)
     VALUES ($1, date_trunc('minute', ${at('$2')}), 1)
     ON CONFLICT (source_id, minute) DO UPDATE SET queries = prometheus_query_minutes.queries + 1`,
    [sourceId, nowMs],
  );
  // Only the last hour is ever counted.
  await db.query(
    `DELETE FROM prometheus_query_minutes WHERE source_id = $1 AND minute < ${at('$2')} - interval '1 hour'`,
    [sourceId, nowMs],
  );
}

/** The order's number, and whether a source answering one of its series failed at its last query. */
export async function orderHasFailingSource(db: Db, baseOrderId: number) {
  const row = await db.one<{ order_number: string; failing: boolean }>(
    `SELECT o.order_number, EXISTS (
       SELECT 1 FROM prometheus_series ps JOIN prometheus_sources s ON s.id = ps.source_id
        WHERE ps.base_order_id = o.base_order_id AND s.last_error_at IS NOT NULL
          AND (s.last_success_at IS NULL OR s.last_error_at > s.last_success_at)) AS failing
       FROM orders o WHERE o.base_order_id = $1`,
    [baseOrderId],
  );
  return { orderNumber: row?.order_number ?? null, sourceFailing: row?.failing ?? false };
}
