import { describe, expect, it } from 'vitest';

import { nextRunAfter, phaseOf } from './schedule.ts';

describe('SNMP poll schedule', () => {
  it('puts the next run within one interval after now, on the device phase', () => {
    const now = Date.UTC(2026, 10, 24, 12, 0, 0, 123);
    for (const key of ['core-1', 'edge-7', 'x']) {
      const next = nextRunAfter(now, 60, key);
      expect(next).toBeGreaterThan(now);
      expect(next).toBeLessThanOrEqual(now + 60_000);
      expect((next - phaseOf(key, 60)) % 60_000).toBe(0);
      // The run after that is exactly one interval later.
      expect(nextRunAfter(next, 60, key)).toBe(next + 60_000);
    }
  });

  it('keeps a device on its phase when a poll finishes late', () => {
    const now = 1_000_000_000_000;
    const first = nextRunAfter(now, 5, 'late');
    // The poll took 3.2 s: the next run is the next slot, not 5 s after the end.
    expect(nextRunAfter(first + 3200, 5, 'late')).toBe(first + 5000);
    // A poll that overran a whole interval skips to the slot after.
    expect(nextRunAfter(first + 7000, 5, 'late')).toBe(first + 10_000);
  });

  it('spreads many devices evenly over the interval', () => {
    const interval = 60;
    const buckets = new Array<number>(6).fill(0);
    for (let i = 0; i < 6000; i++) buckets[Math.floor(phaseOf(`device-${i}`, interval) / 10_000)]! += 1;
    // Six 10-second slices of 1,000 devices each, give or take sampling noise.
    for (const count of buckets) {
      expect(count).toBeGreaterThan(880);
      expect(count).toBeLessThan(1120);
    }
  });

  it('gives a phase inside the interval, the same for the same key', () => {
    for (const interval of [5, 60, 3600]) {
      const phase = phaseOf('router-a', interval);
      expect(phase).toBeGreaterThanOrEqual(0);
      expect(phase).toBeLessThan(interval * 1000);
      expect(phaseOf('router-a', interval)).toBe(phase);
    }
  });
});
