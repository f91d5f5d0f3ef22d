import { chartCsv, type ChartData } from '@portal/contract';

import { chartPrice } from '../../../lib/formats.ts';
import { rawUnitName, type ChartUnit } from './units.ts';

export interface ChartColumns {
  names: string[];
  /** [times, ...one array per series] as uPlot takes them. */
  data: (number | null)[][];
}

/**
 * The spec's chart table (first row the column names, Time first) as uPlot columns. Prices never
 * show below 0. Null when there is nothing to draw.
 */
export function toColumns(table: ChartData | undefined, price = false): ChartColumns | null {
  if (!table || table.length < 2) return null;
  const header = table[0] ?? [];
  const rows = table.slice(1);
  const names = header.slice(1).map(String);
  const times = rows.map((r) => Number(r[0]));
  const series = names.map((_, col) =>
    rows.map((r) => {
      const v = r[col + 1];
      if (typeof v !== 'number') return null;
      return price ? chartPrice(v) : v;
    }),
  );
  if (series.every((s) => s.every((v) => v === null))) return null;
  return { names, data: [times, ...series] };
}

/**
 * How a table is drawn: a line needs at least 3 times; fewer (a daily series asked for one day) are
 * bars, each labelled with its value, instead of a one-point line on an axis that means nothing.
 */
export function chartShape(columns: ChartColumns): 'line' | 'bars' {
  return (columns.data[0]?.length ?? 0) < 3 ? 'bars' : 'line';
}

/** Times of the first and last rows that hold a value. */
export function dataSpan(columns: ChartColumns): { first: number; last: number } | null {
  const times = columns.data[0] ?? [];
  const has = (i: number) => columns.data.slice(1).some((s) => s[i] !== null && s[i] !== undefined);
  let first = -1;
  let last = -1;
  for (let i = 0; i < times.length; i++) {
    if (!has(i)) continue;
    if (first < 0) first = i;
    last = i;
  }
  return first < 0 ? null : { first: times[first] as number, last: times[last] as number };
}

/**
 * The chart's rows as CSV, by the portal's one chart CSV rule (chartCsv, @portal/contract): Time in
 * ISO 8601 (UTC), then each series in raw units (bits/s, bytes, ...) named in the header.
 */
export function columnsCsv(columns: ChartColumns, unit: ChartUnit): string {
  const [times = [], ...series] = columns.data;
  const rows = times.map((t, i): [number, ...(number | null | undefined)[]] => [Number(t), ...series.map((s) => s[i])]);
  return chartCsv({ names: columns.names, rows }, rawUnitName(unit));
}
