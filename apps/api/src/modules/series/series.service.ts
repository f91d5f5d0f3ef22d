import {
  products,
  validationMessages,
  type CallParsed,
  type ChartData,
  type DataFreshness,
  type metrics as metricsCalls,
  type TrafficSummary,
} from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { invalid } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { readSourceColumn, sourceColumns, sourceObjectKeys } from '../connectors/prometheus/prometheus.service.ts';
import { groupOf, queryStart, queryStep } from '../connectors/prometheus/step.ts';
import { orderDelayed } from '../connectors/status.service.ts';
import {
  bucketOf,
  bucketSummary,
  chooseTier,
  groupedRows,
  keepFrom,
  labelsKey,
  orderSeries,
  pages,
  rawSums,
  requireCallerOrder,
  retentionOf,
  stepTier,
  tiers,
  valuesAt,
  type MetricDef,
  type PageName,
  type RollupTier,
  type SeriesLabel,
  type SeriesRow,
} from '../metrics/index.ts';

/**
 * How the product pages read usage data (decision 092): the one chart query (coarsest tier that fills
 * the chart, folded in the database to at most maxChartPoints rows), newest values, sums, the objects
 * an order's series name, the network summary and the data's freshness. A page's reader only reads the
 * metrics its page lists in the catalogue, so docs/metrics-catalogue.md cannot miss one.
 */

export interface SeriesRef {
  metric: MetricDef;
  labels?: Partial<Record<SeriesLabel, string>>;
}

export interface Column extends SeriesRef {
  /** The column's name in the chart table. */
  label: string;
  /** Factor applied to every value (octets per second x 8 = bits per second). */
  scale?: number;
}

type ReadDeps = Pick<Deps, 'db' | 'env' | 'clock' | 'outbound'>;

const refKey = (metric: string, labels: Record<string, string> | undefined) => `${metric}|${labelsKey(labels ?? {})}`;

export function seriesReader(deps: ReadDeps, page: PageName) {
  const { db } = deps;
  const listed = new Set<MetricDef>(pages[page].series);
  const nowSeconds = () => Math.floor(deps.clock.now() / 1000);
  const keep = () => keepFrom(retentionOf(deps.env), nowSeconds());

  function check(refs: readonly SeriesRef[]) {
    for (const r of refs)
      if (!listed.has(r.metric))
        throw new Error(`metrics: the ${page} page reads ${r.metric.name}, which its catalogue entry does not list`);
  }

  /** The series id of each ref (undefined when the order has no such series). */
  async function ids(baseOrderId: number, refs: readonly SeriesRef[]) {
    check(refs);
    const rows = await orderSeries(db, baseOrderId, [...new Set(refs.map((r) => r.metric.name))]);
    const byKey = new Map(rows.map((r) => [refKey(r.metric, r.labels), r]));
    return refs.map((r) => byKey.get(refKey(r.metric.name, r.labels as Record<string, string>)));
  }

  return {
    /**
     * The spec's chart table of some series over [start, end]: Time (the earliest point or bucket of
     * each group) and one column per series, at most `maxRows` rows, each group's peak or newest value
     * as the metric says. The rows read stay bounded whatever the range (see chooseTier).
     */
    async chart(
      baseOrderId: number,
      columns: readonly Column[],
      start: number,
      end: number,
      maxRows: number = products.maxChartPoints,
    ): Promise<ChartData> {
      const header = ['Time', ...columns.map((c) => c.label)];
      check(columns);
      // A series mapped to a Prometheus-compatible source is asked there (decision 101), not read here.
      const mapped = await sourceColumns(deps, baseOrderId, [...new Set(columns.map((c) => c.metric.name))]);
      const sourceOf = (c: Column) =>
        mapped.get(`${c.metric.name}|${c.metric.label ? (c.labels?.[c.metric.label] ?? '') : ''}`);
      // Stored series of the columns no source answers.
      const found = (await ids(baseOrderId, columns)).map((s, i) => (sourceOf(columns[i] as Column) ? undefined : s));
      const seriesIds = found.filter((s) => s !== undefined).map((s) => s.series_id);
      const { tier, groupSeconds } = chooseTier(start, end, maxRows, keep());
      const groups = new Map<number, { time: number; values: (number | null)[] }>();
      const groupAt = (g: number, time: number) => {
        const group = groups.get(g) ?? { time, values: columns.map(() => null) };
        group.time = Math.min(group.time, time);
        groups.set(g, group);
        return group;
      };
      const fromSources = columns.map((c) => sourceOf(c));
      if (seriesIds.length === 0 && fromSources.every((x) => x === undefined)) return [header];
      // query_range at the step of the stored groups: the same rows, the last one at the range's end.
      const step = queryStep(start, end, maxRows, keep());
      const from = queryStart(start, end, step);
      const asked = await Promise.all(
        fromSources.map((source) => (source ? readSourceColumn(deps, source, from, end, step) : null)),
      );
      asked.forEach((values, i) => {
        // The expression yields the page's unit already: used as is, no scale.
        for (const [t, v] of values ?? [])
          if (t >= start && t <= end) groupAt(groupOf(t, start, step), t).values[i] = v;
      });
      const rows = seriesIds.length ? await groupedRows(db, tier, seriesIds, start, end, groupSeconds) : [];
      for (const r of rows) {
        const group = groupAt(r.g, r.t);
        found.forEach((s, i) => {
          const column = columns[i] as Column;
          if (s?.series_id !== r.series_id) return;
          const value = column.metric.chart === 'peak' ? r.peak : r.last;
          group.values[i] = value === null ? null : value * (column.scale ?? 1);
        });
      }
      return [
        header,
        ...[...groups.entries()].sort((a, b) => a[0] - b[0]).map(([, g]) => [Math.floor(g.time), ...g.values]),
      ];
    },

    /**
     * One column over [start, end] at exactly `step` seconds (the customer's export, decision 132): a
     * row per step-wide bucket aligned to the step in Unix time (so days start at 00:00 UTC), from the
     * one holding `start` to the one holding `end`, each whole bucket's peak or newest value as the
     * metric says (null where it has none), folded from a tier whose buckets divide the step
     * (stepTier). A series mapped to a Prometheus-compatible source is asked there at the step.
     */
    async steps(baseOrderId: number, column: Column, start: number, end: number, step: number): Promise<ChartData> {
      const header = ['Time', column.label];
      check([column]);
      const from = bucketOf(start, step);
      const values = new Map<number, number | null>();
      for (let bucket = from; bucket <= end; bucket += step) values.set(bucket, null);
      const mapped = await sourceColumns(deps, baseOrderId, [column.metric.name]);
      const source = mapped.get(
        `${column.metric.name}|${column.metric.label ? (column.labels?.[column.metric.label] ?? '') : ''}`,
      );
      const [series] = source ? [undefined] : await ids(baseOrderId, [column]);
      if (source) {
        for (const [t, v] of await readSourceColumn(deps, source, from, end, step))
          if (t >= from && t <= end) values.set(bucketOf(t, step), v);
      } else if (series) {
        const tier = stepTier(step, from, keep());
        for (const r of await groupedRows(db, tier, [series.series_id], from, end, step)) {
          const value = column.metric.chart === 'peak' ? r.peak : r.last;
          values.set(from + r.g * step, value === null ? null : value * (column.scale ?? 1));
        }
      } else return [header];
      return [header, ...[...values].map(([time, value]) => [time, value])];
    },

    /** The newest value of each series at or before `at` (null without one), in the refs' order. */
    async latest(baseOrderId: number, refs: readonly SeriesRef[], at: number): Promise<(number | null)[]> {
      const found = await ids(baseOrderId, refs);
      const present = found.filter((s) => s !== undefined);
      // The series row holds its newest point: read the tiers only when that point is after `at`.
      const current = (s: SeriesRow) => s.last_ts !== null && s.last_ts <= at && s.last_value !== null;
      const values = new Map(present.map((s) => [s.series_id, current(s) ? s.last_value : null]));
      const stale = present.filter((s) => !current(s)).map((s) => s.series_id);
      if (stale.length) for (const r of await valuesAt(db, stale, at)) values.set(r.series_id, r.value);
      return found.map((s) => (s ? (values.get(s.series_id) ?? null) : null));
    },

    /** When the newest point of any of these series (at or before `at`) was measured; null without one. */
    async lastTime(baseOrderId: number, refs: readonly SeriesRef[], at: number): Promise<number | null> {
      const present = (await ids(baseOrderId, refs)).filter((s) => s !== undefined);
      const direct = present.filter((s) => s.last_ts !== null && s.last_ts <= at).map((s) => s.last_ts as number);
      const later = present.filter((s) => s.last_ts !== null && s.last_ts > at);
      const older = later.length
        ? await valuesAt(
            db,
            later.map((s) => s.series_id),
            at,
          )
        : [];
      const times = [...direct, ...older.map((r) => r.ts)];
      return times.length ? Math.floor(Math.max(...times)) : null;
    },

    /** Sum of each series' points over [start, end] (within raw retention: month-to-date spend). */
    async sums(baseOrderId: number, refs: readonly SeriesRef[], start: number, end: number): Promise<number[]> {
      const found = await ids(baseOrderId, refs);
      const present = found.filter((s) => s !== undefined).map((s) => s.series_id);
      const totals = new Map((await rawSums(db, present, start, end)).map((r) => [r.series_id, r.total]));
      return found.map((s) => (s ? (totals.get(s.series_id) ?? 0) : 0));
    },

    /**
     * The objects an order's series of a metric name (their object_key or component_key), sorted. Until
     * the product-objects collection lands (issue 12, a later step), this is how a page finds its objects.
     */
    async objectKeys(baseOrderId: number, metric: MetricDef): Promise<string[]> {
      check([{ metric }]);
      const label = metric.label;
      if (!label) return [];
      const rows = await orderSeries(db, baseOrderId, [metric.name]);
      // Objects whose series a Prometheus-compatible source answers are the order's objects too.
      const asked = await sourceObjectKeys(deps, baseOrderId, metric.name);
      const keys = [...rows.map((r) => r.labels[label]), ...asked];
      return [...new Set(keys.filter((k): k is string => typeof k === 'string' && k !== ''))].sort();
    },

    /**
     * min, max, average, 95th percentile of the bucket averages and the newest value of one series over
     * [start, end], from the finest rollup that keeps the start (5-minute buckets for 400 days by default).
     */
    async summary(baseOrderId: number, ref: SeriesRef, start: number, end: number, scale = 1) {
      const [series] = await ids(baseOrderId, [ref]);
      if (!series) return null;
      const k = keep();
      const tier = (tiers.find((t) => t.seconds > 0 && k[t.name] <= start) ?? tiers[tiers.length - 1]) as RollupTier;
      const row = await bucketSummary(db, tier, series.series_id, start, end);
      if (!row || row.max === null || row.min === null || row.avg === null || row.p95 === null || row.last === null)
        return null;
      return {
        min: row.min * scale,
        max: row.max * scale,
        avg: row.avg * scale,
        p95: row.p95 * scale,
        last: row.last * scale,
        last_at: Math.floor(row.last_at ?? start),
      } satisfies TrafficSummary;
    },
  };
}

export type SeriesReader = ReturnType<typeof seriesReader>;

/**
 * When an order's newest point was measured and whether that is older than its feed's step: the step
 * of the series that sent last, with half a step (at least METRICS_STALE_GRACE_SECONDS, a minute by
 * default) of grace for the feed's own delay.
 */
export async function dataFreshness(
  deps: Pick<Deps, 'db' | 'env' | 'clock'>,
  baseOrderId: number,
): Promise<DataFreshness> {
  const rows = await orderSeries(deps.db, baseOrderId);
  // A connector feeding the order (SNMP device, Prometheus-compatible source) failed at its last attempt.
  const delayed = await orderDelayed(deps, baseOrderId);
  const newest = rows.filter((r) => r.last_ts !== null).sort((a, b) => (b.last_ts ?? 0) - (a.last_ts ?? 0))[0];
  if (!newest || newest.last_ts === null)
    return { last_point_at: null, expected_interval_seconds: null, stale: false, delayed };
  const interval = newest.interval_seconds;
  const age = deps.clock.now() / 1000 - newest.last_ts;
  return {
    last_point_at: Math.floor(newest.last_ts),
    expected_interval_seconds: interval,
    stale: interval !== null && age > interval + Math.max(deps.env.METRICS_STALE_GRACE_SECONDS, interval / 2),
    delayed,
  };
}

/** The data freshness call of the product pages: NOT_FOUND unless the order is one of the caller's. */
export async function dataFreshnessOf(deps: Pick<Deps, 'db' | 'env' | 'clock'>, caller: Caller, baseOrderId: number) {
  await requireCallerOrder(deps, caller, baseOrderId);
  return dataFreshness(deps, baseOrderId);
}

/**
 * One series of a caller's order over [start, end] for the customer's tools (issue 33): a row per
 * step-wide bucket aligned to the step (seriesReader's `steps`), read by the reader of a page whose
 * catalogue entry lists the metric. NOT_FOUND unless the order is the caller's.
 */
export async function exportSeries(
  deps: ReadDeps,
  caller: Caller,
  input: CallParsed<typeof metricsCalls.exportSeries>,
): Promise<{ table: ChartData; unit: string; name: string }> {
  await requireCallerOrder(deps, caller, input.baseOrderId);
  const page = (Object.keys(pages) as PageName[]).find((name) =>
    pages[name].series.some((metric) => metric.name === input.metric),
  );
  const metric = page ? pages[page].series.find((def) => def.name === input.metric) : undefined;
  if (!page || !metric) throw invalid({ metric: [validationMessages.type] });
  const labels = metric.label && input.object ? { [metric.label]: input.object } : undefined;
  const name = input.object ? `${metric.name} ${input.object}` : metric.name;
  const table = await seriesReader(deps, page).steps(
    input.baseOrderId,
    { metric, ...(labels ? { labels } : {}), label: name },
    input.start,
    input.end,
    input.step,
  );
  return { table, unit: metric.unit, name };
}
