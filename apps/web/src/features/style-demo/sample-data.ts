import type { ChartData } from '@portal/contract';

import type { ChartRange } from '../../components/ui/chart/ranges.ts';

/**
 * Sample chart tables for the style demo page, made in the browser (the page shows how the kit
 * draws, not anyone's data). A seeded generator, so a sample looks the same every time for a range.
 */

const HOUR = 3600;
const DAY = 86400;

/** mulberry32: small, seeded, good enough for sample curves. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Times from the range's start to its end, `step` apart, on whole steps (UTC). */
export function sampleTimes(range: ChartRange, step: number, maxRows = 300): number[] {
  const size = Math.max(step, Math.ceil((range.end - range.start) / maxRows / step) * step);
  const first = Math.ceil(range.start / size) * size;
  const out: number[] = [];
  for (let t = first; t <= range.end; t += size) out.push(t);
  return out;
}

/** A working-day rhythm: low at night, high mid-afternoon (UTC), as network traffic goes. */
const rhythm = (t: number) => 0.55 + 0.45 * Math.sin(((((t % DAY) / DAY) * 24 - 8) / 24) * 2 * Math.PI);

export interface SampleSeries {
  name: string;
  /** Typical size of the values. */
  level: number;
  /** 0: flat; 1: follows the day strongly. */
  daily?: number;
  /** Relative noise. */
  noise?: number;
  /** Growth over the range (0.2 = ends 20% higher). */
  growth?: number;
  integer?: boolean;
}

/** A chart table (Time first, one column per series) over the range, points `step` seconds apart. */
export function sampleTable(range: ChartRange, step: number, series: readonly SampleSeries[], seed = 1): ChartData {
  const times = sampleTimes(range, step);
  const random = seeded(seed + Math.floor(range.start / DAY));
  const span = Math.max(1, range.end - range.start);
  const rows = times.map((t) => [
    t,
    ...series.map((s) => {
      const trend = 1 + (s.growth ?? 0) * ((t - range.start) / span);
      const day = 1 - (s.daily ?? 0) + (s.daily ?? 0) * rhythm(t);
      const value = s.level * trend * day * (1 + (s.noise ?? 0.08) * (random() * 2 - 1));
      return s.integer ? Math.max(0, Math.round(value)) : Math.max(0, value);
    }),
  ]);
  return [['Time', ...series.map((s) => s.name)], ...rows];
}

/** Points every hour for ranges up to a week, else every day: as the API's tiers answer. */
export const stepFor = (range: ChartRange) => (range.end - range.start <= 7 * DAY ? HOUR : DAY);

/** The 95th percentile of a column of a table (nearest rank). */
export function percentile95(table: ChartData, column: number): number {
  const values = table
    .slice(1)
    .map((r) => r[column])
    .filter((v): v is number => typeof v === 'number')
    .sort((a, b) => a - b);
  if (values.length === 0) return 0;
  return values[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)] ?? 0;
}

/** Blanks the middle third of a table's rows: a feed that stopped for a while. */
export function withGap(table: ChartData): ChartData {
  const [header = [], ...rows] = table;
  const from = Math.floor(rows.length / 3);
  const to = Math.floor((rows.length * 2) / 3);
  return [header, ...rows.map((r, i) => (i >= from && i < to ? [r[0] ?? null, ...r.slice(1).map(() => null)] : r))];
}

/** Only the last part of the range has data: a service that started recently. */
export function recentOnly(table: ChartData, share = 0.4): ChartData {
  const [header = [], ...rows] = table;
  return [header, ...rows.slice(Math.floor(rows.length * (1 - share)))];
}
