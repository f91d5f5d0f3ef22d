import { describe, expect, it } from 'vitest';

import { chooseTier, defaultRetention, homeTier, keepFrom, stepTier } from './tiers.ts';

const DAY = 86400;
// 2026-11-24 18:00 UTC; its day starts at 2026-11-24 00:00 = 1795478400.
const now = 1795478400 + 18 * 3600;
const today = 1795478400;
const keep = keepFrom(defaultRetention, now);

describe('retention', () => {
  it('keeps whole days: raw from 35 days before today, 5-minute buckets from 400, hours and days for ever', () => {
    expect(keep.raw).toBe(today - 35 * DAY);
    expect(keep['5m']).toBe(today - 400 * DAY);
    expect(keep['1h']).toBe(-Infinity);
    expect(keep['1d']).toBe(-Infinity);
  });

  it('writes a point to the finest tier that keeps its time', () => {
    expect(homeTier(now - 3600, keep)?.name).toBe('raw');
    expect(homeTier(today - 35 * DAY, keep)?.name).toBe('raw');
    expect(homeTier(today - 35 * DAY - 1, keep)?.name).toBe('5m');
    expect(homeTier(today - 400 * DAY - 1, keep)?.name).toBe('1h');
    const short = keepFrom({ raw: 1, '5m': 2, '1h': 3, '1d': 4 }, now);
    expect(homeTier(today - 4 * DAY, short)?.name).toBe('1d');
    expect(homeTier(today - 4 * DAY - 1, short)).toBeUndefined();
  });
});

describe('tier choice for a chart of at most 300 rows', () => {
  const end = now;
  it('reads raw points below 300 five-minute buckets (25 hours), folded to at most 300 groups', () => {
    // 1 day: 288 five-minute buckets < 300, so the raw points; groups of floor(86400 / 300) + 1 = 289 s.
    expect(chooseTier(end - DAY, end, 300, keep)).toEqual({
      tier: expect.objectContaining({ name: 'raw' }),
      groupSeconds: 289,
    });
  });

  it('reads the coarsest tier that still has 300 buckets in the range', () => {
    // 2 days: 576 five-minute buckets, 48 hours: 5-minute tier, groups of 2 buckets (577 s rounded up to 600).
    expect(chooseTier(end - 2 * DAY, end, 300, keep)).toMatchObject({ tier: { name: '5m' }, groupSeconds: 600 });
    // 30 days: 720 hours, 30 days: hourly tier, groups of 3 hours (8641 s rounded up to 10800).
    expect(chooseTier(end - 30 * DAY, end, 300, keep)).toMatchObject({ tier: { name: '1h' }, groupSeconds: 10800 });
    // 92 days: 2208 hours, 92 days: hourly, groups of 8 hours (26497 s -> 28800).
    expect(chooseTier(end - 92 * DAY, end, 300, keep)).toMatchObject({ tier: { name: '1h' }, groupSeconds: 28800 });
    // 400 days: 400 day buckets: the daily tier, groups of 2 days.
    expect(chooseTier(end - 400 * DAY, end, 300, keep)).toMatchObject({ tier: { name: '1d' }, groupSeconds: 2 * DAY });
  });

  it('never reads a tier that no longer keeps the range start', () => {
    // 2 days starting 40 days ago: raw no longer has them, the 5-minute tier does.
    expect(chooseTier(end - 40 * DAY, end - 38 * DAY, 300, keep)).toMatchObject({ tier: { name: '5m' } });
    // 1 day starting 500 days ago: only the hourly and daily tiers have it; hourly is the finer.
    expect(chooseTier(end - 500 * DAY, end - 499 * DAY, 300, keep)).toMatchObject({
      tier: { name: '1h' },
      groupSeconds: 3600,
    });
  });

  it('bounds the groups by the row limit for any range', () => {
    for (const range of [1, 299, 300, 301, 3600, 86399, 86400, 90000, 7 * DAY, 35 * DAY, 365 * DAY, 800 * DAY]) {
      const { groupSeconds } = chooseTier(end - range, end, 300, keep);
      // Groups are numbered 0 .. floor(range / width) from the start.
      expect(Math.floor(range / groupSeconds) + 1).toBeLessThanOrEqual(300);
    }
  });
});

describe('tier choice for an export at an exact step', () => {
  it('reads the coarsest tier whose buckets divide the step and that keeps the start', () => {
    expect(stepTier(300, today - DAY, keep).name).toBe('5m');
    expect(stepTier(3600, today - DAY, keep).name).toBe('1h');
    expect(stepTier(86400, today - 900 * DAY, keep).name).toBe('1d');
  });

  it('falls back to a finer tier when the coarser one is not kept, and never to a coarser one', () => {
    // Hours kept 30 days only: an hourly export from 40 days ago reads the 5-minute buckets.
    const short = keepFrom({ ...defaultRetention, '1h': 30 }, now);
    expect(stepTier(3600, today - 40 * DAY, short).name).toBe('5m');
    // Nothing divides 300 but raw and 5m: from before 5m's retention, 5m still (raw keeps less).
    expect(stepTier(300, today - 500 * DAY, keep).name).toBe('5m');
  });
});
