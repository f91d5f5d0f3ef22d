import { describe, expect, it } from 'vitest';

import { donutArcs } from './donut-arcs.ts';

describe('donutArcs', () => {
  it('gives each positive slice its share of the ring', () => {
    const arcs = donutArcs(
      [
        { label: 'A', value: 75 },
        { label: 'B', value: 25 },
      ],
      100,
      20,
    );
    expect(arcs.map((a) => [a.label, a.share])).toEqual([
      ['A', 0.75],
      ['B', 0.25],
    ]);
    expect(arcs[0]?.path.startsWith('M 50.000 0.000')).toBe(true);
  });
  it('counts negative values as 0 and drops empty slices', () => {
    const arcs = donutArcs(
      [
        { label: 'A', value: 10 },
        { label: 'Credit', value: -4 },
        { label: 'Zero', value: 0 },
      ],
      100,
      20,
    );
    expect(arcs.map((a) => a.label)).toEqual(['A']);
    expect(arcs[0]?.share).toBe(1);
  });
  it('is empty when the total is 0 or less', () => {
    expect(donutArcs([{ label: 'Credit', value: -5 }], 100, 20)).toEqual([]);
    expect(donutArcs([], 100, 20)).toEqual([]);
  });
});
