import { describe, expect, it } from 'vitest';

import { axisDateFormat, formatAxisDate, formatDataPoint } from '../../lib/formats.ts';
import { rangeFor, rangeOptions, ticks, toColumns } from './chart-rules.ts';

describe('chart rules', () => {
  it('offers ranges as seconds back from now and sends epoch seconds', () => {
    expect(rangeOptions.map((o) => o.seconds)).toContain(86400);
    const now = Date.UTC(2026, 0, 10, 12, 30, 45);
    expect(rangeFor(86400, now)).toEqual({
      end: Date.UTC(2026, 0, 10, 12, 30) / 1000,
      start: Date.UTC(2026, 0, 9, 12, 30) / 1000,
    });
  });

  it('uses 6 axis ticks', () => {
    expect(ticks(0, 100)).toEqual([0, 20, 40, 60, 80, 100]);
    expect(ticks(5, 5)).toEqual([5]);
  });

  it('formats the date axis M/d/yy up to 45 days, else the month name; data points M/d/yy h:mma', () => {
    expect(axisDateFormat(45 * 86400)).toBe('M/D/YY');
    expect(axisDateFormat(45 * 86400 + 1)).toBe('MMMM');
    const t = new Date(2024, 2, 5, 14, 7).getTime() / 1000;
    expect(formatAxisDate(t, 86400)).toBe('3/5/24');
    expect(formatAxisDate(t, 90 * 86400)).toBe('March');
    expect(formatDataPoint(t)).toBe('3/5/24 2:07pm');
  });

  it('turns the chart table into columns; negative prices show as 0; empty tables draw nothing', () => {
    const table = [
      ['Time', 'Cost', 'Other'],
      [1, -5, 2],
      [2, 3, null],
    ];
    expect(toColumns(table, true)).toEqual({
      names: ['Cost', 'Other'],
      data: [
        [1, 2],
        [0, 3],
        [2, null],
      ],
    });
    expect(toColumns(table)?.data[1]).toEqual([-5, 3]);
    expect(toColumns([['Time', 'Cost']])).toBeNull();
    expect(
      toColumns([
        ['Time', 'Cost'],
        [1, null],
      ]),
    ).toBeNull();
    expect(toColumns(undefined)).toBeNull();
  });
});
