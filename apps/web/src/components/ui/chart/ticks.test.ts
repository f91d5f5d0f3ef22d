import { describe, expect, it } from 'vitest';

import { niceScale, niceStep, stepDecimals } from './ticks.ts';

describe('niceStep', () => {
  it('rounds up to 1, 2, 2.5 or 5 × 10ⁿ', () => {
    expect(niceStep(0.7)).toBe(1);
    expect(niceStep(1)).toBe(1);
    expect(niceStep(1.2)).toBe(2);
    expect(niceStep(2.1)).toBe(2.5);
    expect(niceStep(3)).toBe(5);
    expect(niceStep(6)).toBe(10);
    expect(niceStep(0.013)).toBe(0.02);
    expect(niceStep(230)).toBe(250);
    expect(niceStep(4_100_000)).toBe(5_000_000);
  });

  it('keeps whole numbers for counts: no 2.5 below 10', () => {
    expect(niceStep(2.1, true)).toBe(5);
    expect(niceStep(0.3, true)).toBe(1);
    expect(niceStep(21, true)).toBe(25);
  });
});

describe('niceScale', () => {
  it('covers the data from 0 with at most 6 round ticks', () => {
    expect(niceScale(0, 100)).toEqual({ min: 0, max: 100, step: 20, ticks: [0, 20, 40, 60, 80, 100] });
    // 109.3 Mbps peak: 0 to 125 in steps of 25, not 0, 21.9, 43.7 ...
    expect(niceScale(12, 109.3).ticks).toEqual([0, 25, 50, 75, 100, 125]);
    expect(niceScale(0, 3.4).ticks).toEqual([0, 1, 2, 3, 4]);
    expect(niceScale(0, 0.9).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('never gives more ticks than asked for', () => {
    for (const max of [1, 3.7, 9.99, 10.1, 47, 101, 999, 12345])
      for (const count of [3, 4, 5, 6]) expect(niceScale(0, max, { count }).ticks.length).toBeLessThanOrEqual(count);
  });

  it('gives a single value a readable axis from 0 instead of a hairline range', () => {
    expect(niceScale(42, 42)).toMatchObject({ min: 0, max: 50 });
    expect(niceScale(0, 0)).toMatchObject({ min: 0, max: 1 });
    expect(niceScale(-3, -3)).toMatchObject({ min: -3, max: 0 });
  });

  it('is stable: its own bounds give the same ticks again (uPlot asks twice)', () => {
    for (const max of [0.37, 3.4, 5.2, 10.1, 109.3, 87654]) {
      const first = niceScale(0, max);
      expect(niceScale(first.min, first.max).ticks).toEqual(first.ticks);
    }
  });

  it('leaves out 0 when asked (a series far from 0)', () => {
    expect(niceScale(95, 105, { includeZero: false }).ticks).toEqual([95, 97.5, 100, 102.5, 105]);
  });

  it('whole-number ticks for counts', () => {
    expect(niceScale(0, 3, { integer: true }).ticks).toEqual([0, 1, 2, 3]);
    expect(niceScale(0, 12, { integer: true }).ticks.every(Number.isInteger)).toBe(true);
  });
});

describe('stepDecimals', () => {
  it('is the decimals a step needs', () => {
    expect(stepDecimals(20)).toBe(0);
    expect(stepDecimals(2.5)).toBe(1);
    expect(stepDecimals(0.25)).toBe(2);
    expect(stepDecimals(0.0000005)).toBe(7);
  });
});
