import { chartPrice } from '../../lib/formats.ts';

export interface DonutSlice {
  label: string;
  value: number;
}

export interface DonutArc extends DonutSlice {
  /** SVG path of the ring segment. */
  path: string;
  /** Share of the total, 0..1. */
  share: number;
}

const point = (cx: number, cy: number, r: number, angle: number) =>
  `${(cx + r * Math.cos(angle)).toFixed(3)} ${(cy + r * Math.sin(angle)).toFixed(3)}`;

/** A ring segment from `start` to `end` (radians, clockwise from 12 o'clock). */
function ringPath(cx: number, cy: number, outer: number, inner: number, start: number, end: number): string {
  // A full circle cannot be one arc: split it in two halves.
  if (end - start >= 2 * Math.PI - 1e-9) {
    const mid = start + Math.PI;
    return `${ringPath(cx, cy, outer, inner, start, mid)} ${ringPath(cx, cy, outer, inner, mid, end)}`;
  }
  const large = end - start > Math.PI ? 1 : 0;
  const s = start - Math.PI / 2;
  const e = end - Math.PI / 2;
  return [
    `M ${point(cx, cy, outer, s)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${point(cx, cy, outer, e)}`,
    `L ${point(cx, cy, inner, e)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${point(cx, cy, inner, s)}`,
    'Z',
  ].join(' ');
}

/**
 * Arcs of a donut chart. Negative values count as 0 (spec: negative chart prices show as 0);
 * zero slices get no arc. Returns [] when the total is 0 or less.
 */
export function donutArcs(slices: readonly DonutSlice[], size: number, thickness: number): DonutArc[] {
  const values = slices.map((slice) => ({ ...slice, value: chartPrice(slice.value) }));
  const total = values.reduce((sum, slice) => sum + slice.value, 0);
  if (total <= 0) return [];
  const center = size / 2;
  let angle = 0;
  return values
    .filter((slice) => slice.value > 0)
    .map((slice) => {
      const share = slice.value / total;
      const start = angle;
      angle += share * 2 * Math.PI;
      return { ...slice, share, path: ringPath(center, center, center, center - thickness, start, angle) };
    });
}
