import { describe, expect, it } from 'vitest';

import { chooseTier, defaultRetention, keepFrom } from '../../metrics/tiers.ts';
import { groupOf, queryStart, queryStep, rowsAt } from './step.ts';

const DAY = 86400;
const now = Date.UTC(2026, 10, 24) / 1000;
const keep = keepFrom(defaultRetention, now);

/** The groups a stored chart has for points every `every` seconds over [start, end] (chooseTier's folding). */
function storedGroups(start: number, end: number, every: number, maxRows: number) {
  const { tier, groupSeconds } = chooseTier(start, end, maxRows, keep);
  const groups = new Set<number>();
  for (let t = Math.ceil(start / every) * every; t <= end; t += every) {
    const time = tier.seconds ? Math.floor(t / tier.seconds) * tier.seconds : t;
    if (time >= start) groups.add(Math.floor((time - start) / groupSeconds));
  }
  return groups.size;
}

describe('the query_range step of a chart', () => {
  it('is the width of the stored groups: 289 s for a day (299 rows), 8 h for 92 days (277 rows)', () => {
    expect(queryStep(now - DAY, now, 300, keep)).toBe(289);
    expect(rowsAt(now - DAY, now, 289)).toBe(299);
    expect(queryStep(now - 92 * DAY, now, 300, keep)).toBe(8 * 3600);
    expect(rowsAt(now - 92 * DAY, now, 8 * 3600)).toBe(277);
    // A week reads 5-minute buckets folded by 35 minutes: floor(7 * 24 * 60 / 35) + 1 rows.
    expect(queryStep(now - 7 * DAY, now, 300, keep)).toBe(2100);
    expect(rowsAt(now - 7 * DAY, now, 2100)).toBe(289);
  });

  it('gives the same number of rows as a stored series with a point in every group, never more than asked', () => {
    for (const [days, maxRows] of [
      [1 / 24, 300],
      [1, 300],
      [7, 300],
      [30, 300],
      [92, 300],
      [1, 10_000],
    ] as const) {
      const start = now - days * DAY;
      const step = queryStep(start, now, maxRows, keep);
      expect(rowsAt(start, now, step), `${days} days`).toBe(storedGroups(start, now, Math.min(10, step), maxRows));
      expect(rowsAt(start, now, step)).toBeLessThanOrEqual(maxRows);
    }
  });

  it("lays the source's rows from the range end back, one in each stored group", () => {
    const start = now - DAY;
    const step = queryStep(start, now, 300, keep);
    // 86,400 = 298 x 289 + 278: the grid starts 278 s after the range start and ends at its end.
    expect(queryStart(start, now, step)).toBe(start + 278);
    const times = Array.from({ length: rowsAt(start, now, step) }, (_, k) => queryStart(start, now, step) + k * step);
    expect(times[times.length - 1]).toBe(now);
    expect(times.map((t) => groupOf(t, start, step))).toEqual(times.map((_, k) => k));
    expect(queryStart(now, now, 1)).toBe(now);
  });
});
