import type { ChartData } from '@portal/contract';

import { chartPrice } from '../../lib/formats.ts';

/** Chart rules of spec core.md section 9 that do not need uPlot (unit-tested). */

const DAY = 24 * 60 * 60;

export interface RangeOption {
  label: string;
  /** Seconds back from now. */
  seconds: number;
}

/** The range dropdown: a number of seconds back from now. */
export const rangeOptions: readonly RangeOption[] = [
  { label: 'Last day', seconds: DAY },
  { label: 'Last week', seconds: 7 * DAY },
  { label: 'Last month', seconds: 30 * DAY },
  { label: 'Last 3 months', seconds: 90 * DAY },
  { label: 'Last 6 months', seconds: 180 * DAY },
  { label: 'Last year', seconds: 365 * DAY },
];

export const defaultRanges = { day: DAY, month: 30 * DAY, threeMonths: 90 * DAY } as const;

export interface ChartRange {
  start: number;
  end: number;
}

/** Start and end in epoch seconds for `seconds` back from `nowMs`; the end is rounded down to the minute. */
export function rangeFor(seconds: number, nowMs = Date.now()): ChartRange {
  const end = Math.floor(nowMs / 60000) * 60;
  return { start: end - seconds, end };
}

/** Axis labels use 6 ticks: evenly spaced from min to max inclusive. */
export function ticks(min: number, max: number, count = 6): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (max === min) return [min];
  const step = (max - min) / (count - 1);
  return Array.from({ length: count }, (_, i) => min + step * i);
}

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
