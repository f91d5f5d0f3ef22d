import { products } from '@portal/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';

import {
  chartFileName,
  customRange,
  customRangeMessages,
  DAY,
  optionsWith,
  rangeFor,
  rangeOptions,
  slug,
} from './ranges.ts';
import { customRangeSchema } from './CustomRangeForm.tsx';

const now = new Date(2026, 10, 24, 14, 30, 45).getTime();
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime() / 1000;

describe('preset ranges', () => {
  it('each option asks for exactly its number of seconds back from now, ending on the minute', () => {
    for (const option of rangeOptions) {
      const range = rangeFor(option.seconds, now);
      expect(range.end).toBe(local(2026, 11, 24, 14, 30));
      expect(range.end - range.start).toBe(option.seconds);
    }
  });

  it('offers the day, week, month, 3 and 6 months and a year; 3 months is 90 days, not 30', () => {
    expect(rangeOptions.map((o) => [o.label, o.seconds / DAY])).toEqual([
      ['Last day', 1],
      ['Last week', 7],
      ['Last month', 30],
      ['Last 3 months', 90],
      ['Last 6 months', 180],
      ['Last year', 365],
    ]);
  });

  it('adds a chart’s own default when it is not one of them, in order', () => {
    expect(optionsWith(30 * DAY)).toBe(rangeOptions);
    expect(optionsWith(60 * DAY).map((o) => o.label)).toContain('Last 60 days');
    expect(optionsWith(60 * DAY).map((o) => o.seconds)).toEqual(
      [...optionsWith(60 * DAY).map((o) => o.seconds)].sort((a, b) => a - b),
    );
  });
});

describe('custom range', () => {
  it('runs from the start of the first day to the end of the last, in the viewer’s zone', () => {
    expect(customRange('2026-11-01', '2026-11-10', now)).toEqual({
      start: local(2026, 11, 1),
      end: local(2026, 11, 11),
    });
  });

  it('ends now when the last day is today; one day is a valid range', () => {
    expect(customRange('2026-11-24', '2026-11-24', now)).toEqual({
      start: local(2026, 11, 24),
      end: local(2026, 11, 24, 14, 30),
    });
  });

  it('is null for unreadable dates', () => {
    expect(customRange('2026-02-30', '2026-03-01', now)).toBeNull();
    expect(customRange('', '2026-03-01', now)).toBeNull();
  });

  const errors = (from: string, to: string) => {
    const result = customRangeSchema(now).safeParse({ from, to });
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('checks the form: both dates, in order, not starting in the future, at most the API’s longest range', () => {
    expect(errors('2026-11-01', '2026-11-10')).toEqual({});
    expect(errors('', '')).toEqual({ from: customRangeMessages.from, to: customRangeMessages.to });
    expect(errors('2026-11-10', '2026-11-01')).toEqual({ to: customRangeMessages.order });
    expect(errors('2026-12-01', '2026-12-02')).toEqual({ from: customRangeMessages.future });
    const tooEarly = dayjs(now)
      .subtract(products.maxChartRangeSeconds / DAY + 1, 'day')
      .format('YYYY-MM-DD');
    expect(errors(tooEarly, '2026-11-24')).toEqual({ to: customRangeMessages.tooLong });
    const longest = dayjs(now)
      .subtract(products.maxChartRangeSeconds / DAY - 1, 'day')
      .format('YYYY-MM-DD');
    expect(errors(longest, '2026-11-24')).toEqual({});
  });
});

describe('file names', () => {
  it('name the chart and its range as calendar days', () => {
    expect(slug('Traffic – WAN')).toBe('traffic-wan');
    expect(slug('Storage: Performance')).toBe('storage-performance');
    expect(slug('Café ☕')).toBe('cafe');
    expect(
      chartFileName('Traffic – WAN', { start: local(2026, 11, 23, 14, 30), end: local(2026, 11, 24, 14, 30) }),
    ).toBe('traffic-wan_2026-11-23_2026-11-24.csv');
  });
});
