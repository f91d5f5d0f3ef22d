import { describe, expect, it } from 'vitest';

import { diffForHumans, readableDate } from './human-time.ts';

describe('readableDate', () => {
  it('gives MM.DD.YYYY in UTC', () => {
    expect(readableDate(Date.UTC(2026, 0, 5, 23, 59) / 1000)).toBe('01.05.2026');
    expect(readableDate(Date.UTC(2025, 11, 31) / 1000)).toBe('12.31.2025');
  });
});

describe('diffForHumans', () => {
  const now = Date.UTC(2026, 5, 15) / 1000;
  it('uses the largest whole unit, past and future', () => {
    expect(diffForHumans(now, now)).toBe('just now');
    expect(diffForHumans(now - 1, now)).toBe('1 second ago');
    expect(diffForHumans(now - 90, now)).toBe('1 minute ago');
    expect(diffForHumans(now - 3 * 3600, now)).toBe('3 hours ago');
    expect(diffForHumans(now - 86400, now)).toBe('1 day ago');
    expect(diffForHumans(now - 15 * 86400, now)).toBe('2 weeks ago');
    expect(diffForHumans(now - 65 * 86400, now)).toBe('2 months ago');
    expect(diffForHumans(now - 400 * 86400, now)).toBe('1 year ago');
    expect(diffForHumans(now + 2 * 86400, now)).toBe('2 days from now');
  });
});
