import { describe, expect, it } from 'vitest';

import { percentile95, recentOnly, sampleTable, sampleTimes, stepFor, withGap } from './sample-data.ts';

const DAY = 86400;
const range = { start: 1_700_000_000, end: 1_700_000_000 + 30 * DAY };

describe('style demo sample data', () => {
  it('spans the range asked for, at most 300 rows, on whole steps', () => {
    const times = sampleTimes(range, 3600);
    expect(times.length).toBeLessThanOrEqual(300);
    expect(times[0]).toBeGreaterThanOrEqual(range.start);
    expect(times.at(-1)).toBeLessThanOrEqual(range.end);
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThan(29 * DAY);
    for (const t of times) expect(t % 3600).toBe(0);
  });

  it('makes a table with one column per series, the same every time for a range', () => {
    const series = [
      { name: 'In', level: 100, daily: 0.8 },
      { name: 'Out', level: 30, integer: true },
    ];
    const table = sampleTable(range, DAY, series);
    expect(table[0]).toEqual(['Time', 'In', 'Out']);
    expect(table.length).toBe(31);
    for (const row of table.slice(1)) {
      expect(row).toHaveLength(3);
      expect(Number.isInteger(row[2])).toBe(true);
      expect(row[1] as number).toBeGreaterThan(0);
    }
    expect(sampleTable(range, DAY, series)).toEqual(table);
  });

  it('picks hours up to a week, days beyond', () => {
    expect(stepFor({ start: 0, end: 7 * DAY })).toBe(3600);
    expect(stepFor({ start: 0, end: 8 * DAY })).toBe(DAY);
  });

  it('computes the 95th percentile, blanks a gap and keeps only the recent part', () => {
    const table = [['Time', 'A'], ...Array.from({ length: 100 }, (_, i) => [i, i + 1])];
    expect(percentile95(table, 1)).toBe(95);
    const gap = withGap(table);
    expect(gap.slice(1).filter((r) => r[1] === null)).toHaveLength(33);
    expect(recentOnly(table, 0.4).length).toBe(41);
  });
});
