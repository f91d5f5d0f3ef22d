import type { Db } from '../../db/client.ts';
import { inCallerAccounts } from '../../db/scope.ts';
import { DAY, type RollupTier, type Tier } from './tiers.ts';

/**
 * The only SQL on the usage-data tables (decision 090). Times travel as epoch seconds (float8, so a
 * millisecond survives); arrays go in as one parameter each, so a batch of thousands of points is a
 * handful of statements on PGlite and PostgreSQL alike.
 */

export interface SeriesKey {
  baseOrderId: number;
  metric: string;
  /** Canonical JSON of the labels (sorted keys). */
  labels: string;
  counter: boolean;
}

export interface SeriesState {
  series_id: number;
  base_order_id: number;
  metric: string;
  labels: Record<string, string>;
  counter: boolean;
  last_ts: number | null;
  counter_ts: number | null;
  counter_value: number | null;
}

export async function findOrderIds(db: Db, orderNumbers: readonly string[]) {
  const rows = await db.query<{ order_number: string; base_order_id: number }>(
    'SELECT order_number, base_order_id FROM orders WHERE order_number = ANY($1::text[])',
    [orderNumbers],
  );
  return new Map(rows.map((r) => [r.order_number, r.base_order_id]));
}

/** Those of these keys' series that exist (their labels as stored), without a lock. */
export function existingSeries(db: Db, keys: readonly SeriesKey[]) {
  return db.query<{ base_order_id: number; metric: string; labels: Record<string, string> }>(
    `SELECT s.base_order_id, s.metric, s.labels
       FROM metric_series s
       JOIN unnest($1::int[], $2::text[], $3::text[]) AS u(o, m, l)
         ON s.base_order_id = u.o AND s.metric = u.m AND s.labels = u.l::jsonb`,
    [keys.map((k) => k.baseOrderId), keys.map((k) => k.metric), keys.map((k) => k.labels)],
  );
}

/**
 * Takes, until the transaction ends, the lock on creating series in these orders (in id order, so two
 * writers never deadlock), and answers how many series each has: the count stays true while new
 * series are added under the lock (decision 115).
 */
export async function lockOrderSeriesCounts(db: Db, baseOrderIds: readonly number[]): Promise<Map<number, number>> {
  await db.query(
    `SELECT pg_advisory_xact_lock(724915, o) FROM (SELECT DISTINCT unnest($1::int[]) AS o ORDER BY 1) AS ids`,
    [baseOrderIds],
  );
  const rows = await db.query<{ base_order_id: number; n: number }>(
    `SELECT base_order_id, count(*)::int AS n FROM metric_series WHERE base_order_id = ANY($1::int[]) GROUP BY 1`,
    [baseOrderIds],
  );
  return new Map(rows.map((r) => [r.base_order_id, r.n]));
}

const stateColumns = `s.series_id, s.base_order_id, s.metric, s.labels, s.counter,
  extract(epoch FROM s.last_ts)::float8 AS last_ts, extract(epoch FROM s.counter_ts)::float8 AS counter_ts,
  s.counter_value`;

/**
 * The existing series of these keys, locked for the rest of the transaction (in series_id order, so two
 * writers never deadlock): a counter's rates depend on its previous reading.
 */
export function lockExistingSeries(db: Db, keys: readonly SeriesKey[]): Promise<SeriesState[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db.query<SeriesState>(
    `SELECT ${stateColumns}
       FROM metric_series s
       JOIN unnest($1::int[], $2::text[], $3::text[]) AS u(o, m, l)
         ON s.base_order_id = u.o AND s.metric = u.m AND s.labels = u.l::jsonb
      ORDER BY s.series_id
        FOR UPDATE OF s`,
    [keys.map((k) => k.baseOrderId), keys.map((k) => k.metric), keys.map((k) => k.labels)],
  );
}

/**
 * Creates the series of these keys (those another writer has not created meanwhile) and answers them
 * all, locked like lockExistingSeries. The caller passes them in one order (every writer the same), so
 * two writers creating the same series wait for each other in that order, never in a cycle.
 */
export async function createSeries(db: Db, keys: readonly SeriesKey[]): Promise<SeriesState[]> {
  if (keys.length === 0) return [];
  const params = [keys.map((k) => k.baseOrderId), keys.map((k) => k.metric), keys.map((k) => k.labels)];
  await db.query(
    `INSERT INTO metric_series (base_order_id, metric, labels, counter)
     SELECT o, m, l::jsonb, c FROM unnest($1::int[], $2::text[], $3::text[], $4::bool[]) AS u(o, m, l, c)
     ON CONFLICT (base_order_id, metric, labels) DO NOTHING`,
    [...params, keys.map((k) => k.counter)],
  );
  return lockExistingSeries(db, keys);
}

export const partitionName = (day: number) =>
  `metric_raw_${new Date(day * 1000).toISOString().slice(0, 10).replaceAll('-', '')}`;

/** The days (epoch seconds of their start) that have a raw partition. */
export async function rawPartitionDays(db: Db): Promise<number[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'metric_raw'::regclass`,
  );
  return rows
    .map((r) => /^metric_raw_(\d{4})(\d{2})(\d{2})$/.exec(r.name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 1000);
}

/** SQLSTATE duplicate_table, unique_violation: a writer beside this one created the same partition first. */
const createdBeside = new Set(['42P07', '23505']);

export async function createRawPartition(db: Db, day: number) {
  const iso = (s: number) => new Date(s * 1000).toISOString();
  // IF NOT EXISTS does not cover two writers creating it at the same moment (senders crossing midnight).
  await db
    .query(
      `CREATE TABLE IF NOT EXISTS ${partitionName(day)} PARTITION OF metric_raw
         FOR VALUES FROM ('${iso(day)}') TO ('${iso(day + DAY)}')`,
    )
    .catch(async (error: unknown) => {
      if (!createdBeside.has(String((error as { code?: unknown }).code))) throw error;
      if (!(await rawPartitionDays(db)).includes(day)) throw error;
    });
}

export const dropRawPartition = (db: Db, day: number) => db.query(`DROP TABLE IF EXISTS ${partitionName(day)}`);

export interface RawRow {
  seriesId: number;
  ts: number;
  value: number | null;
  counter: number | null;
}

/**
 * Inserts raw points known to be new: each later than its series' newest point (which the writer holds
 * locked), so no stored point can have the same series and time. The cheapest insert there is.
 */
export async function insertRaw(db: Db, rows: readonly RawRow[]) {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO metric_raw (series_id, ts, value, counter)
     SELECT s, to_timestamp(t), v, c FROM unnest($1::int[], $2::float8[], $3::float8[], $4::float8[]) AS u(s, t, v, c)`,
    [rows.map((r) => r.seriesId), rows.map((r) => r.ts), rows.map((r) => r.value), rows.map((r) => r.counter)],
  );
}

/** Inserts raw points, replacing a stored point of the same series and time when its value differs. */
export async function upsertRaw(db: Db, rows: readonly RawRow[]) {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO metric_raw AS r (series_id, ts, value, counter)
     SELECT s, to_timestamp(t), v, c FROM unnest($1::int[], $2::float8[], $3::float8[], $4::float8[]) AS u(s, t, v, c)
     ON CONFLICT (series_id, ts) DO UPDATE SET value = excluded.value, counter = excluded.counter
      WHERE (r.value, r.counter) IS DISTINCT FROM (excluded.value, excluded.counter)`,
    [rows.map((r) => r.seriesId), rows.map((r) => r.ts), rows.map((r) => r.value), rows.map((r) => r.counter)],
  );
}

/** The stored raw points at these series and times (those that exist). */
export async function storedRaw(db: Db, keys: readonly { seriesId: number; ts: number }[]) {
  if (keys.length === 0) return [];
  return db.query<{ series_id: number; ts: number; value: number | null; counter: number | null }>(
    `SELECT r.series_id, extract(epoch FROM r.ts)::float8 AS ts, r.value, r.counter
       FROM unnest($1::int[], $2::float8[]) AS k(s, t)
       JOIN metric_raw r ON r.series_id = k.s AND r.ts = to_timestamp(k.t)`,
    [keys.map((k) => k.seriesId), keys.map((k) => k.ts)],
  );
}

/** The stored counter readings of a series between two times, with the one before and the one after. */
export function rawCountersAround(db: Db, seriesId: number, from: number, to: number) {
  return db.query<{ ts: number; value: number | null; counter: number | null }>(
    `(SELECT extract(epoch FROM ts)::float8 AS ts, value, counter FROM metric_raw
       WHERE series_id = $1 AND ts < to_timestamp($2) AND counter IS NOT NULL ORDER BY ts DESC LIMIT 1)
     UNION ALL
     (SELECT extract(epoch FROM ts)::float8, value, counter FROM metric_raw
       WHERE series_id = $1 AND ts >= to_timestamp($2) AND ts <= to_timestamp($3))
     UNION ALL
     (SELECT extract(epoch FROM ts)::float8, value, counter FROM metric_raw
       WHERE series_id = $1 AND ts > to_timestamp($3) AND counter IS NOT NULL ORDER BY ts LIMIT 1)`,
    [seriesId, from, to],
  );
}

export interface Bucket {
  seriesId: number;
  bucket: number;
}

/**
 * Rebuilds buckets of a rollup tier from the finer tier (raw points or the finer rollup): min, max,
 * sum, count and the newest value. Exact whatever arrived late or was replaced.
 */
export async function rebuildBuckets(db: Db, tier: RollupTier, finer: Tier, buckets: readonly Bucket[]) {
  if (buckets.length === 0) return;
  const raw = finer.seconds === 0;
  const time = raw ? 'f.ts' : 'f.bucket';
  const folded = raw
    ? `min(f.value), max(f.value), sum(f.value), count(f.value),
       (array_agg(f.value ORDER BY f.ts DESC) FILTER (WHERE f.value IS NOT NULL))[1],
       max(f.ts) FILTER (WHERE f.value IS NOT NULL)`
    : 'min(f.min), max(f.max), sum(f.sum), sum(f.count), (array_agg(f.last ORDER BY f.last_ts DESC))[1], max(f.last_ts)';
  // Each series' rows are read once, over the span of its buckets (an index range scan per series),
  // and matched to the buckets by the bucket they fall in.
  const spans = new Map<number, { from: number; to: number }>();
  for (const b of buckets) {
    const span = spans.get(b.seriesId);
    if (!span) spans.set(b.seriesId, { from: b.bucket, to: b.bucket });
    else {
      span.from = Math.min(span.from, b.bucket);
      span.to = Math.max(span.to, b.bucket);
    }
  }
  await db.query(
    `WITH wanted AS (SELECT DISTINCT s, b FROM unnest($1::int[], $2::float8[]) AS u(s, b)),
          rows AS (
            SELECT f.*, floor(extract(epoch FROM ${time}) / $3) * $3 AS b
              FROM unnest($4::int[], $5::float8[], $6::float8[]) AS w(s, lo, hi)
              JOIN ${finer.table} f ON f.series_id = w.s AND ${time} >= to_timestamp(w.lo) AND ${time} < to_timestamp(w.hi + $3))
     INSERT INTO ${tier.table} AS t (series_id, bucket, min, max, sum, count, last, last_ts)
     SELECT f.series_id, to_timestamp(f.b), ${folded}
       FROM rows f JOIN wanted ON wanted.s = f.series_id AND wanted.b = f.b
      GROUP BY f.series_id, f.b
     HAVING count(${raw ? 'f.value' : '*'}) > 0
     ON CONFLICT (series_id, bucket) DO UPDATE
        SET min = excluded.min, max = excluded.max, sum = excluded.sum, count = excluded.count,
            last = excluded.last, last_ts = excluded.last_ts`,
    [
      buckets.map((b) => b.seriesId),
      buckets.map((b) => b.bucket),
      tier.seconds,
      [...spans.keys()],
      [...spans.values()].map((s) => s.from),
      [...spans.values()].map((s) => s.to),
    ],
  );
}

export interface RollupRow {
  seriesId: number;
  bucket: number;
  min: number;
  max: number;
  sum: number;
  count: number;
  last: number;
  lastTs: number;
}

export async function readBuckets(db: Db, tier: RollupTier, buckets: readonly Bucket[]): Promise<RollupRow[]> {
  if (buckets.length === 0) return [];
  const rows = await db.query<{
    series_id: number;
    bucket: number;
    min: number;
    max: number;
    sum: number;
    count: number;
    last: number;
    last_ts: number;
  }>(
    `SELECT t.series_id, extract(epoch FROM t.bucket)::float8 AS bucket, t.min, t.max, t.sum, t.count, t.last,
            extract(epoch FROM t.last_ts)::float8 AS last_ts
       FROM unnest($1::int[], $2::float8[]) AS b(s, b)
       JOIN ${tier.table} t ON t.series_id = b.s AND t.bucket = to_timestamp(b.b)`,
    [buckets.map((b) => b.seriesId), buckets.map((b) => b.bucket)],
  );
  return rows.map((r) => ({ ...r, seriesId: r.series_id, lastTs: r.last_ts }));
}

export async function writeBuckets(db: Db, tier: RollupTier, rows: readonly RollupRow[]) {
  if (rows.length === 0) return;
  const col = <K extends keyof RollupRow>(k: K) => rows.map((r) => r[k]);
  await db.query(
    `INSERT INTO ${tier.table} AS t (series_id, bucket, min, max, sum, count, last, last_ts)
     SELECT s, to_timestamp(b), lo, hi, total, n, l, to_timestamp(lt)
       FROM unnest($1::int[], $2::float8[], $3::float8[], $4::float8[], $5::float8[], $6::int[], $7::float8[], $8::float8[])
         AS u(s, b, lo, hi, total, n, l, lt)
     ON CONFLICT (series_id, bucket) DO UPDATE
        SET min = excluded.min, max = excluded.max, sum = excluded.sum, count = excluded.count,
            last = excluded.last, last_ts = excluded.last_ts`,
    [col('seriesId'), col('bucket'), col('min'), col('max'), col('sum'), col('count'), col('last'), col('lastTs')],
  );
}

/** Folds new values into buckets: min and max widen, sum and count grow, last moves to the newest. */
export async function addToBuckets(db: Db, tier: RollupTier, rows: readonly RollupRow[]) {
  if (rows.length === 0) return;
  const col = <K extends keyof RollupRow>(k: K) => rows.map((r) => r[k]);
  await db.query(
    `INSERT INTO ${tier.table} AS t (series_id, bucket, min, max, sum, count, last, last_ts)
     SELECT s, to_timestamp(b), lo, hi, total, n, l, to_timestamp(lt)
       FROM unnest($1::int[], $2::float8[], $3::float8[], $4::float8[], $5::float8[], $6::int[], $7::float8[], $8::float8[])
         AS u(s, b, lo, hi, total, n, l, lt)
     ON CONFLICT (series_id, bucket) DO UPDATE
        SET min = least(t.min, excluded.min), max = greatest(t.max, excluded.max), sum = t.sum + excluded.sum,
            count = t.count + excluded.count,
            last = CASE WHEN excluded.last_ts >= t.last_ts THEN excluded.last ELSE t.last END,
            last_ts = greatest(t.last_ts, excluded.last_ts)`,
    [col('seriesId'), col('bucket'), col('min'), col('max'), col('sum'), col('count'), col('last'), col('lastTs')],
  );
}

export interface SeriesUpdate {
  seriesId: number;
  lastTs: number | null;
  lastValue: number | null;
  interval: number | null;
  counterTs: number | null;
  counterValue: number | null;
}

/** Newest point and counter reading of each series (only ever moved forward). */
export async function updateSeries(db: Db, updates: readonly SeriesUpdate[]) {
  if (updates.length === 0) return;
  const col = <K extends keyof SeriesUpdate>(k: K) => updates.map((u) => u[k]);
  await db.query(
    `UPDATE metric_series s
        SET last_ts = CASE WHEN u.lt IS NOT NULL AND (s.last_ts IS NULL OR to_timestamp(u.lt) > s.last_ts)
                           THEN to_timestamp(u.lt) ELSE s.last_ts END,
            last_value = CASE WHEN u.lt IS NOT NULL AND u.lv IS NOT NULL AND (s.last_ts IS NULL OR to_timestamp(u.lt) >= s.last_ts)
                              THEN u.lv ELSE s.last_value END,
            interval_seconds = CASE WHEN u.lt IS NOT NULL AND (s.last_ts IS NULL OR to_timestamp(u.lt) > s.last_ts)
                                    THEN coalesce(u.step, s.interval_seconds) ELSE s.interval_seconds END,
            counter_ts = CASE WHEN u.ct IS NOT NULL AND (s.counter_ts IS NULL OR to_timestamp(u.ct) > s.counter_ts)
                              THEN to_timestamp(u.ct) ELSE s.counter_ts END,
            counter_value = CASE WHEN u.ct IS NOT NULL AND (s.counter_ts IS NULL OR to_timestamp(u.ct) > s.counter_ts)
                                 THEN u.cv ELSE s.counter_value END
       FROM unnest($1::int[], $2::float8[], $3::float8[], $4::int[], $5::float8[], $6::float8[]) AS u(id, lt, lv, step, ct, cv)
      WHERE s.series_id = u.id`,
    [
      col('seriesId'),
      col('lastTs'),
      col('lastValue'),
      updates.map((u) => (u.interval === null ? null : Math.max(1, Math.round(u.interval)))),
      col('counterTs'),
      col('counterValue'),
    ],
  );
}

/* Retention -------------------------------------------------------------------------------------- */

export const deleteBucketsBefore = (db: Db, tier: RollupTier, before: number) =>
  db.query(`DELETE FROM ${tier.table} WHERE bucket < to_timestamp($1)`, [before]);

/* Reading ---------------------------------------------------------------------------------------- */

export interface SeriesRow {
  series_id: number;
  metric: string;
  labels: Record<string, string>;
  last_ts: number | null;
  last_value: number | null;
  interval_seconds: number | null;
}

/** Series of an order, optionally of some metrics only. */
export const orderSeries = (db: Db, baseOrderId: number, metricNames?: readonly string[]) =>
  db.query<SeriesRow>(
    `SELECT series_id, metric, labels, extract(epoch FROM last_ts)::float8 AS last_ts, last_value, interval_seconds
       FROM metric_series
      WHERE base_order_id = $1 AND ($2::text[] IS NULL OR metric = ANY($2::text[]))
      ORDER BY series_id`,
    [baseOrderId, metricNames ?? null],
  );

export interface GroupRow {
  series_id: number;
  g: number;
  /** The earliest bucket (or point) of the group: the time the chart shows it at. */
  t: number;
  peak: number;
  last: number;
}

/**
 * Rows of some series between two times folded into groups `width` seconds wide counted from `start`:
 * per group the highest value and the newest one. At most (end - start) / width + 1 groups per series.
 */
export function groupedRows(db: Db, tier: Tier, ids: readonly number[], start: number, end: number, width: number) {
  const raw = tier.seconds === 0;
  const time = raw ? 'ts' : 'bucket';
  return db.query<GroupRow>(
    `SELECT series_id, floor((extract(epoch FROM ${time}) - $2) / $4)::int AS g,
            min(extract(epoch FROM ${time}))::float8 AS t,
            max(${raw ? 'value' : 'max'}) AS peak,
            (array_agg(${raw ? 'value' : 'last'} ORDER BY ${raw ? 'ts' : 'last_ts'} DESC))[1] AS last
       FROM ${tier.table}
      WHERE series_id = ANY($1::int[]) AND ${time} >= to_timestamp($2) AND ${time} <= to_timestamp($3)
        ${raw ? 'AND value IS NOT NULL' : ''}
      GROUP BY series_id, g
      ORDER BY g`,
    [ids, start, end, width],
  );
}

/** The newest value of each series at or before a time, from the finest tier that has one. */
export function valuesAt(db: Db, ids: readonly number[], at: number) {
  return db.query<{ series_id: number; ts: number; value: number }>(
    `SELECT u.id AS series_id, n.ts, n.value
       FROM unnest($1::int[]) AS u(id)
       CROSS JOIN LATERAL (
         SELECT ts, value FROM (
           (SELECT extract(epoch FROM ts)::float8 AS ts, value FROM metric_raw
             WHERE series_id = u.id AND ts <= to_timestamp($2) AND value IS NOT NULL ORDER BY ts DESC LIMIT 1)
           UNION ALL
           (SELECT extract(epoch FROM last_ts)::float8, last FROM metric_5m
             WHERE series_id = u.id AND last_ts <= to_timestamp($2) ORDER BY bucket DESC LIMIT 1)
           UNION ALL
           (SELECT extract(epoch FROM last_ts)::float8, last FROM metric_1h
             WHERE series_id = u.id AND last_ts <= to_timestamp($2) ORDER BY bucket DESC LIMIT 1)
           UNION ALL
           (SELECT extract(epoch FROM last_ts)::float8, last FROM metric_1d
             WHERE series_id = u.id AND last_ts <= to_timestamp($2) ORDER BY bucket DESC LIMIT 1)
         ) found ORDER BY ts DESC LIMIT 1) n`,
    [ids, at],
  );
}

/** Sum of each series' values between two times (raw points). */
export function rawSums(db: Db, ids: readonly number[], start: number, end: number) {
  return db.query<{ series_id: number; total: number }>(
    `SELECT series_id, sum(value) AS total FROM metric_raw
      WHERE series_id = ANY($1::int[]) AND ts >= to_timestamp($2) AND ts <= to_timestamp($3)
      GROUP BY series_id`,
    [ids, start, end],
  );
}

/** min, max, average (sum / count), 95th percentile of the bucket averages and the newest value of a series. */
export function bucketSummary(db: Db, tier: RollupTier, seriesId: number, start: number, end: number) {
  return db.one<{
    min: number | null;
    max: number | null;
    avg: number | null;
    p95: number | null;
    last: number | null;
    last_at: number | null;
  }>(
    `SELECT min(min) AS min, max(max) AS max, sum(sum) / nullif(sum(count), 0) AS avg,
            percentile_disc(0.95) WITHIN GROUP (ORDER BY sum / count) AS p95,
            (array_agg(last ORDER BY last_ts DESC))[1] AS last,
            max(extract(epoch FROM last_ts))::float8 AS last_at
       FROM ${tier.table}
      WHERE series_id = $1 AND bucket >= to_timestamp($2) AND bucket <= to_timestamp($3) AND count > 0`,
    [seriesId, start, end],
  );
}

/** One of the caller's orders (any product), else undefined. */
export const findCallerOrder = (db: Db, userId: number, baseOrderId: number) =>
  db.one<{ base_order_id: number }>(
    `SELECT o.base_order_id FROM orders o WHERE o.base_order_id = $2 AND ${inCallerAccounts('o.account_id', 1)}`,
    [userId, baseOrderId],
  );

/** On PostgreSQL, one API process at a time runs the upkeep (released with the transaction). */
export async function tryUpkeepLock(db: Db): Promise<boolean> {
  if (db.kind !== 'postgres') return true;
  return (await db.one<{ got: boolean }>('SELECT pg_try_advisory_xact_lock(724912) AS got'))?.got === true;
}

/** The order numbers of some orders, by id (a writer that knows orders by id, like the demo seed). */
export async function orderNumbers(db: Db, baseOrderIds: readonly number[]) {
  const rows = await db.query<{ base_order_id: number; order_number: string }>(
    'SELECT base_order_id, order_number FROM orders WHERE base_order_id = ANY($1::int[])',
    [baseOrderIds],
  );
  return new Map(rows.map((r) => [r.base_order_id, r.order_number]));
}

/**
 * The points of some series in a time span each (live updates: what another process wrote), with
 * their order, metric and object; a counter's first reading (no rate yet) has none and is left out.
 */
export async function livePoints(db: Db, spans: readonly (readonly [number, number, number])[]) {
  if (spans.length === 0) return [];
  const rows = await db.query<{
    series_id: number;
    base_order_id: number;
    metric: string;
    labels: Record<string, string>;
    ts: number;
    value: number;
  }>(
    `SELECT s.series_id, s.base_order_id, s.metric, s.labels, extract(epoch FROM r.ts)::float8 AS ts, r.value
       FROM unnest($1::int[], $2::float8[], $3::float8[]) AS w(id, f, t)
       JOIN metric_series s ON s.series_id = w.id
       JOIN metric_raw r ON r.series_id = w.id AND r.ts BETWEEN to_timestamp(w.f) AND to_timestamp(w.t)
      WHERE r.value IS NOT NULL
      ORDER BY r.ts, s.series_id`,
    [spans.map((s) => s[0]), spans.map((s) => s[1]), spans.map((s) => s[2])],
  );
  return rows.map((r) => ({
    baseOrderId: r.base_order_id,
    seriesId: r.series_id,
    series: r.metric,
    object_key: r.labels.object_key ?? r.labels.component_key ?? null,
    ts: r.ts,
    value: r.value,
  }));
}
