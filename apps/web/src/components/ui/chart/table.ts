import type { ChartData } from '@portal/contract';

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

/** A spreadsheet runs a cell starting with one of these as a formula (decision 057). */
const formulaStart = /^[=+\-@\t\r]/;
const plainNumber = /^[+-]?\d+(\.\d+)?$/;

/**
 * One RFC 4180 field, by the rules of the API's CSV writer (apps/api/src/lib/csv.ts, decision 057):
 * numbers as they are, formula-like text neutralised with an apostrophe, quoted when needed.
 */
function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  let text = String(value);
  if (formulaStart.test(text) && !plainNumber.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The chart's rows as CSV: Time in ISO 8601 (UTC), then each series in raw units (bits/s, bytes, ...)
 * named in the header, CRLF line ends.
 */
export function chartCsv(columns: ChartColumns, unit: ChartUnit): string {
  const raw = rawUnitName(unit);
  const header = ['Time (UTC)', ...columns.names.map((n) => (raw ? `${n} (${raw})` : n))];
  const times = columns.data[0] ?? [];
  const lines = [
    header,
    ...times.map((t, i) => [new Date(Number(t) * 1000).toISOString(), ...columns.data.slice(1).map((s) => s[i])]),
  ];
  return lines.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
}
