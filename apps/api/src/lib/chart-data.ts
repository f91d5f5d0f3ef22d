import type { ChartData } from '@portal/contract';
import { products } from '@portal/contract';

import type { Db } from '../db/client.ts';

/** One column of a chart table: a metric_points series and its column name. */
export interface ChartSeries {
  series: string;
  label: string;
}

export interface ChartRow {
  time: number;
  values: (number | null)[];
}

/**
 * Row indices to keep so that at most `max` rows remain while every series keeps its peaks: the
 * rows are cut into equal buckets and, per bucket and series, the rows holding the minimum and the
 * maximum are kept. With n series there are floor(max / 2n) buckets, so the result never exceeds max.
 */
export function downsampleIndices(rows: readonly ChartRow[], max: number): number[] {
  if (rows.length <= max) return rows.map((_, i) => i);
  const seriesCount = Math.max(1, rows[0]?.values.length ?? 1);
  const buckets = Math.max(1, Math.floor(max / (2 * seriesCount)));
  const size = Math.ceil(rows.length / buckets);
  const keep = new Set<number>();
  for (let from = 0; from < rows.length; from += size) {
    const to = Math.min(rows.length, from + size);
    for (let s = 0; s < seriesCount; s++) {
      let lo = -1;
      let hi = -1;
      for (let i = from; i < to; i++) {
        const v = rows[i]?.values[s];
        if (v === null || v === undefined) continue;
        if (lo < 0 || v < (rows[lo]?.values[s] ?? 0)) lo = i;
        if (hi < 0 || v > (rows[hi]?.values[s] ?? 0)) hi = i;
      }
      if (lo >= 0) keep.add(lo);
      if (hi >= 0) keep.add(hi);
    }
  }
  return [...keep].sort((a, b) => a - b);
}

/** The spec's chart table: first row the column names (Time in Unix seconds first), then the rows. */
export function toChartTable(labels: readonly string[], rows: readonly ChartRow[], max: number): ChartData {
  const kept = downsampleIndices(rows, max).map((i) => rows[i] as ChartRow);
  return [['Time', ...labels], ...kept.map((r) => [r.time, ...r.values])];
}

/** Pivots (series, time, value) points into rows ordered by time, one value per series (null when missing). */
export function pivot(
  columns: readonly ChartSeries[],
  points: readonly { series: string; ts: number; value: number }[],
): ChartRow[] {
  const index = new Map(columns.map((c, i) => [c.series, i]));
  const byTime = new Map<number, (number | null)[]>();
  for (const p of points) {
    const col = index.get(p.series);
    if (col === undefined) continue;
    let values = byTime.get(p.ts);
    if (!values) {
      values = columns.map(() => null);
      byTime.set(p.ts, values);
    }
    values[col] = p.value;
  }
  return [...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([time, values]) => ({ time, values }));
}

/** Points of some series of one order between two epoch seconds (inclusive), ordered by time. */
export async function readPoints(db: Db, baseOrderId: number, series: readonly string[], start: number, end: number) {
  if (series.length === 0) return [];
  const names = series.map((_, i) => `$${i + 4}`).join(', ');
  return db.query<{ series: string; ts: number; value: number }>(
    `SELECT series, extract(epoch FROM ts)::bigint AS ts, value
       FROM metric_points
      WHERE base_order_id = $1 AND ts >= to_timestamp($2) AND ts <= to_timestamp($3) AND series IN (${names})
      ORDER BY ts`,
    [baseOrderId, start, end, ...series],
  );
}

/**
 * Reads `metric_points` of one order (whose ownership the caller has checked) for a time range and
 * answers the chart table, downsampled on the server to at most `max` rows keeping each bucket's peaks.
 */
export async function readChart(
  db: Db,
  baseOrderId: number,
  columns: readonly ChartSeries[],
  start: number,
  end: number,
  max = products.maxChartPoints,
): Promise<ChartData> {
  const points = await readPoints(
    db,
    baseOrderId,
    columns.map((c) => c.series),
    start,
    end,
  );
  return toChartTable(
    columns.map((c) => c.label),
    pivot(columns, points),
    max,
  );
}
