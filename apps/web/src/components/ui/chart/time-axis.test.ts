import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { formatPointTime, isDaily, timeTicks } from './time-axis.ts';

const utc = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h, min) / 1000;
const DAY = 86400;
const en = { zone: 'UTC', locale: 'en-US' } as const;
const labels = (ticks: { label: string }[]) => ticks.map((t) => t.label);

describe('timeTicks', () => {
  it('a day: round hours as h:mm AM, the date added where a day starts, no label twice', () => {
    const ticks = timeTicks(utc(2026, 11, 23, 14, 7), utc(2026, 11, 24, 14, 7), en);
    expect(labels(ticks)).toEqual(['6:00 PM\n11/23/26', '12:00 AM\n11/24/26', '6:00 AM', '12:00 PM']);
    expect(ticks.map((t) => t.time)).toEqual([
      utc(2026, 11, 23, 18),
      utc(2026, 11, 24),
      utc(2026, 11, 24, 6),
      utc(2026, 11, 24, 12),
    ]);
  });

  it('more ticks when there is room: every 6 hours at most 6, every 3 hours when the span is shorter', () => {
    expect(labels(timeTicks(utc(2026, 1, 1, 0), utc(2026, 1, 1, 12), en))).toEqual([
      '12:00 AM\n1/1/26',
      '3:00 AM',
      '6:00 AM',
      '9:00 AM',
      '12:00 PM',
    ]);
  });

  it('a month: M/d/yy on Mondays, each date once', () => {
    const ticks = timeTicks(utc(2026, 10, 25), utc(2026, 11, 24), en);
    expect(labels(ticks)).toEqual(['10/26/26', '11/2/26', '11/9/26', '11/16/26', '11/23/26']);
    expect(new Set(labels(ticks)).size).toBe(ticks.length);
  });

  it('a week: every day', () => {
    expect(timeTicks(utc(2026, 11, 17, 9), utc(2026, 11, 24, 9), { ...en, count: 7 })).toHaveLength(7);
  });

  it('over 45 days: month names on the first of each month, the year on the first tick and on January', () => {
    expect(labels(timeTicks(utc(2026, 8, 26), utc(2026, 11, 24), en))).toEqual([
      'September\n2026',
      'October',
      'November',
    ]);
    expect(labels(timeTicks(utc(2025, 11, 24), utc(2026, 11, 24), en))).toEqual([
      'January\n2026',
      'March',
      'May',
      'July',
      'September',
      'November',
    ]);
    expect(labels(timeTicks(utc(2025, 10, 1), utc(2026, 3, 31), en))).toContain('January\n2026');
  });

  it('ten days: every 2 or 3 days, never a lone tick', () => {
    const ticks = timeTicks(utc(2026, 11, 4), utc(2026, 11, 14), { ...en, count: 5 });
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(ticks.length).toBeLessThanOrEqual(5);
    const gaps = ticks.slice(1).map((t, i) => t.time - (ticks[i]?.time ?? 0));
    expect(new Set(gaps).size).toBe(1);
  });

  it('a narrow chart asks for fewer ticks', () => {
    expect(timeTicks(utc(2026, 10, 25), utc(2026, 11, 24), { ...en, count: 3 }).length).toBeLessThanOrEqual(3);
  });

  it('in the viewer’s locale', () => {
    expect(labels(timeTicks(utc(2026, 11, 24, 0), utc(2026, 11, 24, 12), { zone: 'UTC', locale: 'de-DE' }))[1]).toBe(
      '3:00',
    );
  });

  it('nothing for an empty span', () => {
    expect(timeTicks(5, 5)).toEqual([]);
  });
});

describe('timeTicks in a zone with daylight saving', () => {
  // Node reads TZ again when it changes: this file's dates are then New York's.
  beforeAll(() => {
    vi.stubEnv('TZ', 'America/New_York');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });

  it('keeps round wall-clock hours across the change (clocks went back on 11/1/26 at 2 AM)', () => {
    const start = new Date(2026, 9, 31, 12).getTime() / 1000;
    const ticks = timeTicks(start, start + DAY + 3600, { locale: 'en-US' });
    expect(labels(ticks)).toEqual(['12:00 PM\n10/31/26', '6:00 PM', '12:00 AM\n11/1/26', '6:00 AM', '12:00 PM']);
    expect(ticks[4]?.time).toBe(start + DAY + 3600);
  });
});

describe('formatPointTime', () => {
  it('M/d/yy h:mm AM for data points; the date alone for daily series, read in UTC', () => {
    expect(formatPointTime(utc(2024, 3, 5, 14, 7), 'UTC', 'en-US')).toBe('3/5/24');
    expect(formatPointTime(utc(2024, 3, 5, 14, 7), 'local', 'en-US')).toMatch(/^3\/5\/24, \d{1,2}:07\s?[AP]M$/);
  });
});

describe('isDaily', () => {
  it('is true for whole UTC days a day or more apart', () => {
    expect(isDaily([utc(2026, 11, 22), utc(2026, 11, 23), utc(2026, 11, 24)])).toBe(true);
    expect(isDaily([utc(2026, 11, 24)])).toBe(true);
    expect(isDaily([utc(2026, 11, 24), utc(2026, 11, 24, 1)])).toBe(false);
    expect(isDaily([utc(2026, 11, 24, 6)])).toBe(false);
    expect(isDaily([])).toBe(false);
  });
});
