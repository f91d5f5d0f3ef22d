import type { FieldErrors } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { isCounter } from './catalogue.ts';
import { counterRate } from './counters.ts';
import type { LivePoint, LiveSink } from './live.ts';
import { checkPoint, labelsKey, messages, type PointIn, type Rejected } from './points.ts';
import * as store from './store.repository.ts';
import {
  bucketOf,
  dayStartOf,
  homeTier,
  keepFrom,
  tiers,
  type KeepFrom,
  type Retention,
  type RollupTier,
} from './tiers.ts';

/**
 * The one write path of usage data (decision 091): JSON, remote write, OTLP and the demo seed all end
 * here. A point is checked, its order resolved, its series found or created; counter readings become
 * per-second rates; then it is written to the finest tier that keeps its time, and every coarser tier's
 * bucket it falls in is rebuilt from the tier below, so late and replaced points correct them all.
 */

/** How far ahead of the portal's clock a point may be (a feed's clock runs a little fast). */
export const futureMinutes = 10;

export interface IngestContext {
  db: Db;
  retention: Retention;
  nowSeconds: number;
  /** Where new points go for live updates (API processes, the SNMP poller); the demo seed writes without. */
  live?: LiveSink;
  /** Series an order may have (METRICS_MAX_SERIES_PER_ORDER); the demo seed, which writes known data, sets none. */
  maxSeriesPerOrder?: number;
}

export interface IngestResult {
  /** Valid points, repeats included. */
  accepted: number;
  rejected: Rejected[];
}

interface Resolved {
  /** The point's place in the request. */
  index: number;
  baseOrderId: number;
  metric: string;
  labels: Record<string, string>;
  ts: number;
  value: number;
  rate: boolean;
}

const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

function windowErrors(p: PointIn, keep: KeepFrom, now: number): FieldErrors | null {
  if (p.ts > now + futureMinutes * 60) return { ts: [messages.future(futureMinutes)] };
  if (!homeTier(p.ts, keep)) return { ts: [messages.tooOld(iso(keep['1d']))] };
  if (!p.rate && p.value < 0 && isCounter(p.metric)) return { value: [messages.negativeCounter] };
  return null;
}

/** Checks, resolves and writes points; answers how many were accepted and why the others were not. */
export async function ingest(ctx: IngestContext, points: readonly PointIn[], unreadable: readonly Rejected[] = []) {
  const keep = keepFrom(ctx.retention, ctx.nowSeconds);
  const rejected: Rejected[] = [...unreadable];
  const valid: { index: number; p: PointIn }[] = [];
  points.forEach((p, position) => {
    const index = p.index ?? position;
    const errors = checkPoint(p) ?? windowErrors(p, keep, ctx.nowSeconds);
    if (errors) rejected.push({ index, errors });
    else valid.push({ index, p });
  });
  const orders = await store.findOrderIds(ctx.db, [...new Set(valid.map((v) => v.p.order_number))]);
  const resolved: Resolved[] = [];
  for (const { index, p } of valid) {
    const baseOrderId = orders.get(p.order_number);
    if (baseOrderId === undefined) rejected.push({ index, errors: { order_number: [messages.unknownOrder] } });
    else
      resolved.push({
        index,
        baseOrderId,
        metric: p.metric,
        labels: p.labels as Record<string, string>,
        ts: p.ts,
        value: p.value,
        rate: p.rate === true,
      });
  }
  const { news, refused } = await write(ctx, keep, resolved);
  ctx.live?.deliver(news);
  rejected.push(...refused);
  rejected.sort((a, b) => a.index - b.index);
  return { accepted: resolved.length - refused.length, rejected } satisfies IngestResult;
}

/** Raw partitions for the days these times fall in (those raw retention keeps), created when missing. */
export async function ensurePartitions(db: Db, times: Iterable<number>) {
  const days = new Set<number>();
  for (const ts of times) days.add(dayStartOf(ts));
  if (days.size === 0) return;
  const existing = new Set(await store.rawPartitionDays(db));
  for (const day of days) if (!existing.has(day)) await store.createRawPartition(db, day);
}

interface Entry {
  ts: number;
  value: number | null;
  counter: number | null;
  /** A stored reading (only rewritten when its rate changes), or the series' newest reading (never). */
  stored?: 'raw' | 'state';
  /** A stored reading's values as stored. */
  before?: { value: number | null; counter: number | null };
}

/** Turns a series' points into rows: counter readings get their rate from the reading before them. */
async function seriesRows(db: Db, state: store.SeriesState, points: readonly Resolved[]): Promise<Entry[]> {
  const byTs = new Map<number, Resolved>();
  for (const p of points) byTs.set(p.ts, p); // a repeat within one request: the later one wins
  const fresh = [...byTs.values()].sort((a, b) => a.ts - b.ts);
  if (!state.counter) return fresh.map((p) => ({ ts: p.ts, value: p.value, counter: null }));

  const first = fresh[0]?.ts ?? 0;
  const last = fresh[fresh.length - 1]?.ts ?? 0;
  const sequence = new Map<number, Entry>();
  // Readings already stored around these points: only needed when some point is not the newest yet.
  if (state.counter_ts !== null && first <= state.counter_ts)
    for (const r of await store.rawCountersAround(db, state.series_id, first, last))
      sequence.set(r.ts, { ts: r.ts, value: r.value, counter: r.counter, stored: 'raw' });
  if (state.counter_ts !== null && state.counter_value !== null && !sequence.has(state.counter_ts))
    sequence.set(state.counter_ts, {
      ts: state.counter_ts,
      value: null,
      counter: state.counter_value,
      stored: 'state',
    });
  for (const p of fresh)
    sequence.set(
      p.ts,
      p.rate ? { ts: p.ts, value: p.value, counter: null } : { ts: p.ts, value: null, counter: p.value },
    );

  const rows: Entry[] = [];
  let previous: Entry | undefined;
  let previousIsNew = false;
  for (const entry of [...sequence.values()].sort((a, b) => a.ts - b.ts)) {
    const isNew = entry.stored === undefined;
    if (entry.counter !== null) {
      const reading = { ts: entry.ts, value: entry.counter };
      const rate =
        previous?.counter != null ? counterRate({ ts: previous.ts, value: previous.counter }, reading) : null;
      if (isNew) rows.push({ ...entry, value: rate });
      // The stored reading right after new ones: its rate is now measured from a different reading.
      else if (entry.stored === 'raw' && previousIsNew && rate !== entry.value)
        rows.push({
          ts: entry.ts,
          value: rate,
          counter: entry.counter,
          stored: 'raw',
          before: { value: entry.value, counter: entry.counter },
        });
      previous = entry;
      previousIsNew = isNew;
    } else if (isNew) rows.push(entry);
  }
  return rows;
}

interface Placed {
  seriesId: number;
  ts: number;
  value: number;
}

/** Folds values into one row per bucket of a tier. */
function fold(points: readonly Placed[], seconds: number): store.RollupRow[] {
  const rows = new Map<string, store.RollupRow>();
  for (const p of points) {
    const bucket = bucketOf(p.ts, seconds);
    const key = `${p.seriesId}:${bucket}`;
    const row = rows.get(key);
    if (!row)
      rows.set(key, {
        seriesId: p.seriesId,
        bucket,
        min: p.value,
        max: p.value,
        sum: p.value,
        count: 1,
        last: p.value,
        lastTs: p.ts,
      });
    else {
      row.min = Math.min(row.min, p.value);
      row.max = Math.max(row.max, p.value);
      row.sum += p.value;
      row.count += 1;
      if (p.ts > row.lastTs) {
        row.last = p.value;
        row.lastTs = p.ts;
      }
    }
  }
  return [...rows.values()];
}

/**
 * Folds points into buckets of a rollup tier that is their finest (older than the finer tiers keep):
 * no raw point is left to tell a repeat from a new one, so only times after a bucket's newest point
 * count, and a new value at that newest time replaces it. Answers the points taken as new, and the
 * buckets whose newest value was replaced (the coarser tiers' buckets over them are rebuilt).
 */
async function mergeInto(db: Db, tier: RollupTier, points: readonly Placed[]) {
  const accepted: Placed[] = [];
  const replaced: store.Bucket[] = [];
  if (points.length === 0) return { accepted, replaced };
  const groups = new Map<string, { seriesId: number; bucket: number; points: Placed[] }>();
  for (const p of points) {
    const bucket = bucketOf(p.ts, tier.seconds);
    const key = `${p.seriesId}:${bucket}`;
    const group = groups.get(key) ?? { seriesId: p.seriesId, bucket, points: [] };
    group.points.push(p);
    groups.set(key, group);
  }
  const existing = new Map(
    (await store.readBuckets(db, tier, [...groups.values()])).map((r) => [`${r.seriesId}:${r.bucket}`, r]),
  );
  const rows: store.RollupRow[] = [];
  for (const [key, group] of groups) {
    let row = existing.get(key);
    let changed = false;
    for (const p of group.points.sort((a, b) => a.ts - b.ts)) {
      if (!row || p.ts > row.lastTs) {
        row = row
          ? {
              ...row,
              min: Math.min(row.min, p.value),
              max: Math.max(row.max, p.value),
              sum: row.sum + p.value,
              count: row.count + 1,
              last: p.value,
              lastTs: p.ts,
            }
          : {
              seriesId: p.seriesId,
              bucket: group.bucket,
              min: p.value,
              max: p.value,
              sum: p.value,
              count: 1,
              last: p.value,
              lastTs: p.ts,
            };
        accepted.push(p);
        changed = true;
      } else if (p.ts === row.lastTs && p.value !== row.last) {
        row = {
          ...row,
          min: Math.min(row.min, p.value),
          max: Math.max(row.max, p.value),
          sum: row.sum - row.last + p.value,
          last: p.value,
        };
        replaced.push({ seriesId: group.seriesId, bucket: group.bucket });
        changed = true;
      }
    }
    if (row && changed) rows.push(row);
  }
  await store.writeBuckets(db, tier, rows);
  return { accepted, replaced };
}

const parentBuckets = (buckets: Iterable<{ seriesId: number; bucket: number }>, seconds: number) => {
  const out = new Map<string, store.Bucket>();
  for (const b of buckets) {
    const bucket = bucketOf(b.bucket, seconds);
    out.set(`${b.seriesId}:${bucket}`, { seriesId: b.seriesId, bucket });
  }
  return [...out.values()];
};

const seriesKeyOf = (baseOrderId: number, metric: string, labels: string) =>
  `${baseOrderId}\u0000${metric}\u0000${labels}`;
const idOf = (k: store.SeriesKey) => seriesKeyOf(k.baseOrderId, k.metric, k.labels);

/**
 * Of these new series, those that may be created: while their order has fewer than `max` (decision
 * 115), in the order they come. Takes the orders' lock; which exist is asked again under it, as another
 * writer may have created some meanwhile. Answers the refused ones.
 */
async function admitSeries(t: Db, fresh: readonly store.SeriesKey[], max: number) {
  const counts = await store.lockOrderSeriesCounts(
    t,
    fresh.map((k) => k.baseOrderId),
  );
  const now = new Set(
    (await store.existingSeries(t, fresh)).map((s) => seriesKeyOf(s.base_order_id, s.metric, labelsKey(s.labels))),
  );
  const refused = new Set<string>();
  for (const k of fresh) {
    if (now.has(idOf(k))) continue;
    const count = counts.get(k.baseOrderId) ?? 0;
    if (count >= max) refused.add(idOf(k));
    else counts.set(k.baseOrderId, count + 1);
  }
  return refused;
}

/** One order for keys, the same in every writer (series are created in it). */
const byKey = (a: store.SeriesKey, b: store.SeriesKey) =>
  a.baseOrderId - b.baseOrderId ||
  (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0) ||
  (a.labels < b.labels ? -1 : a.labels > b.labels ? 1 : 0);

/**
 * The states of the series of these keys, locked: the existing ones in one statement; the new ones
 * (only those admitted) created, then locked, in a second and third. Answers them and the refused keys.
 */
async function seriesStates(t: Db, keys: readonly store.SeriesKey[], max: number | undefined) {
  const states = await store.lockExistingSeries(t, keys);
  const found = new Set(states.map((s) => seriesKeyOf(s.base_order_id, s.metric, labelsKey(s.labels))));
  const missing = keys.filter((k) => !found.has(idOf(k))).sort(byKey);
  if (missing.length === 0) return { states, refused: new Set<string>() };
  const refused = max === undefined ? new Set<string>() : await admitSeries(t, missing, max);
  states.push(...(await store.createSeries(t, refused.size ? missing.filter((k) => !refused.has(idOf(k))) : missing)));
  return { states, refused };
}

/**
 * Writes resolved points. New points (the common case: a feed sending what it just measured) are folded
 * into every tier's bucket at once; a point that replaces a stored one with another value, or a late
 * counter reading that changes the next reading's rate, has its buckets rebuilt from the tier below,
 * finest first, so every tier it touches is exact again.
 */
async function write(
  ctx: IngestContext,
  keep: KeepFrom,
  points: readonly Resolved[],
): Promise<{ news: LivePoint[]; refused: Rejected[] }> {
  const { db, live, maxSeriesPerOrder } = ctx;
  if (points.length === 0) return { news: [], refused: [] };
  const bySeries = new Map<string, { key: store.SeriesKey; points: Resolved[] }>();
  for (const p of points) {
    const labels = labelsKey(p.labels);
    const id = seriesKeyOf(p.baseOrderId, p.metric, labels);
    const entry = bySeries.get(id) ?? {
      key: { baseOrderId: p.baseOrderId, metric: p.metric, labels, counter: isCounter(p.metric) },
      points: [],
    };
    entry.points.push(p);
    bySeries.set(id, entry);
  }
  // Partitions first, outside the points' transaction: creating one locks the parent table briefly.
  await ensurePartitions(
    db,
    points.filter((p) => p.ts >= keep.raw).map((p) => p.ts),
  );

  return db.tx(async (t) => {
    const { states, refused: refusedIds } = await seriesStates(
      t,
      [...bySeries.values()].map((s) => s.key),
      maxSeriesPerOrder,
    );
    const refused: Rejected[] = [];
    for (const id of refusedIds) {
      for (const p of bySeries.get(id)?.points ?? [])
        refused.push({ index: p.index, errors: { order_number: [messages.tooManySeries(maxSeriesPerOrder ?? 0)] } });
      bySeries.delete(id);
    }
    const stateOf = new Map(states.map((s) => [seriesKeyOf(s.base_order_id, s.metric, labelsKey(s.labels)), s]));
    const series = [...bySeries].map(([id, { points: seriesPoints }]) => {
      const state = stateOf.get(id);
      if (!state) throw new Error('metrics: a series was neither found nor created');
      return { state, points: seriesPoints };
    });
    // A point no later than its series' newest may already be stored: those few are looked up.
    const maybeStored = series.flatMap(({ state, points: ps }) =>
      ps
        .filter((p) => p.ts >= keep.raw && state.last_ts !== null && p.ts <= state.last_ts)
        .map((p) => ({ seriesId: state.series_id, ts: p.ts })),
    );
    const stored = new Map((await store.storedRaw(t, maybeStored)).map((r) => [`${r.series_id}:${r.ts}`, r]));

    const raw: store.RawRow[] = [];
    // Points after their series' newest (the common case) cannot be stored yet: a plain insert.
    const newest: store.RawRow[] = [];
    const fresh: Placed[] = [];
    const rebuild: store.Bucket[] = [];
    const older = new Map<RollupTier['name'], Placed[]>();
    const updates: store.SeriesUpdate[] = [];
    // Live updates: the new values after each series' newest point (not late, replaced or backfilled ones).
    const news: LivePoint[] = [];
    for (const { state, points: seriesPoints } of series) {
      const rows = await seriesRows(t, state, seriesPoints);
      for (const row of rows) {
        const home = homeTier(row.ts, keep);
        if (home?.name === 'raw') {
          const before = stored.get(`${state.series_id}:${row.ts}`) ?? (row.stored === 'raw' ? row.before : undefined);
          if (before && before.value === row.value && before.counter === row.counter) continue; // a repeat
          const rawRow = { seriesId: state.series_id, ts: row.ts, value: row.value, counter: row.counter };
          if (!before && (state.last_ts === null || row.ts > state.last_ts)) newest.push(rawRow);
          else raw.push(rawRow);
          if (before) rebuild.push({ seriesId: state.series_id, bucket: row.ts });
          else if (row.value !== null) {
            fresh.push({ seriesId: state.series_id, ts: row.ts, value: row.value });
            if (live && (state.last_ts === null || row.ts > state.last_ts))
              news.push({
                baseOrderId: state.base_order_id,
                seriesId: state.series_id,
                series: state.metric,
                object_key: state.labels.object_key ?? state.labels.component_key ?? null,
                ts: row.ts,
                value: row.value,
              });
          }
        } else if (home && row.value !== null) {
          const list = older.get(home.name) ?? [];
          list.push({ seriesId: state.series_id, ts: row.ts, value: row.value });
          older.set(home.name, list);
        }
      }
      updates.push(seriesUpdate(state, rows));
    }
    await store.insertRaw(t, newest);
    await store.upsertRaw(t, raw);

    // New values widen every tier's bucket; points older than a tier keeps join at the tier that does.
    const replaced = new Map<RollupTier['name'], store.Bucket[]>();
    for (const tier of tiers.slice(1) as RollupTier[]) {
      await store.addToBuckets(t, tier, fold(fresh, tier.seconds));
      const merged = await mergeInto(t, tier, older.get(tier.name) ?? []);
      fresh.push(...merged.accepted);
      replaced.set(tier.name, merged.replaced);
    }
    // Replaced values: rebuilt from the tier below, finest first.
    let touched: store.Bucket[] = rebuild;
    for (let i = 1; i < tiers.length; i++) {
      const tier = tiers[i] as RollupTier;
      const buckets = parentBuckets(touched, tier.seconds);
      await store.rebuildBuckets(t, tier, tiers[i - 1] as (typeof tiers)[number], buckets);
      touched = [...buckets, ...(replaced.get(tier.name) ?? [])];
    }
    await store.updateSeries(t, updates);
    // Sent with the transaction: other processes hear of the points only once they are committed.
    await live?.notify(t, news);
    return { news, refused };
  });
}

/** The series' newest point, the step to the one before it and its newest counter reading. */
function seriesUpdate(state: store.SeriesState, rows: readonly Entry[]): store.SeriesUpdate {
  const times = rows.map((r) => r.ts).sort((a, b) => b - a);
  const newest = times[0] ?? null;
  const newestRow = rows.find((r) => r.ts === newest);
  const before = Math.max(
    times[1] ?? -Infinity,
    state.last_ts !== null && newest !== null && state.last_ts < newest ? state.last_ts : -Infinity,
  );
  const readings = rows.filter((r) => r.counter !== null).sort((a, b) => b.ts - a.ts);
  return {
    seriesId: state.series_id,
    lastTs: newest,
    lastValue: newestRow?.value ?? null,
    interval: newest !== null && Number.isFinite(before) ? newest - before : null,
    counterTs: readings[0]?.ts ?? null,
    counterValue: readings[0]?.counter ?? null,
  };
}
