import { describe, expect, it } from 'vitest';

import { downsampleIndices, pivot, toChartTable, type ChartRow } from '../../src/lib/chart-data.ts';

const rows = (values: number[][]): ChartRow[] => values.map((v, i) => ({ time: 1000 + i, values: v }));

describe('chart data', () => {
  it('keeps every row under the bound', () => {
    expect(downsampleIndices(rows([[1], [2], [3]]), 300)).toEqual([0, 1, 2]);
  });

  it('bounds the rows and keeps each series’ peaks and troughs', () => {
    const many = rows(Array.from({ length: 5000 }, (_, i) => [Math.sin(i / 7) * 100, i % 997 === 0 ? 1e6 : i]));
    const kept = downsampleIndices(many, 300);
    expect(kept.length).toBeLessThanOrEqual(300);
    expect(kept.length).toBeGreaterThan(100);
    const table = toChartTable(['a', 'b'], many, 300);
    expect(table[0]).toEqual(['Time', 'a', 'b']);
    const b = table.slice(1).map((r) => r[2] as number);
    expect(b.filter((v) => v === 1e6).length).toBe(many.filter((r) => r.values[1] === 1e6).length);
    const a = table.slice(1).map((r) => r[1] as number);
    expect(Math.min(...a)).toBe(Math.min(...many.map((r) => r.values[0] as number)));
  });

  it('pivots points by time with null for a missing value', () => {
    const table = pivot(
      [
        { series: 'x', label: 'X' },
        { series: 'y', label: 'Y' },
      ],
      [
        { series: 'x', ts: 2, value: 5 },
        { series: 'x', ts: 1, value: 4 },
        { series: 'y', ts: 1, value: 3 },
      ],
    );
    expect(table).toEqual([
      { time: 1, values: [4, 3] },
      { time: 2, values: [5, null] },
    ]);
  });
});
