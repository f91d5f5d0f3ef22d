import { chooseTier, type KeepFrom } from '../../metrics/tiers.ts';

/**
 * The query_range step of a chart over [start, end]: the width of the groups the stored series of
 * the same chart are folded into (metrics/tiers.ts chooseTier), so a source's column has the same rows
 * as a stored one: floor(range / step) + 1, the number of groups counted from the range start that a
 * stored chart can have.
 */
export function queryStep(start: number, end: number, maxRows: number, keep: KeepFrom): number {
  return chooseTier(start, end, maxRows, keep).groupSeconds;
}

/** How many rows query_range answers for [start, end] at `step` (every step has a value). */
export const rowsAt = (start: number, end: number, step: number) => Math.floor(Math.max(0, end - start) / step) + 1;

/**
 * Where the source's rows start: the grid of query_range is laid from the range's end back, so its
 * last row is the newest value (a row at `end`), and row k still falls in group k of the stored
 * columns, [start + k*step, start + (k+1)*step), since the grid is moved by less than one step.
 */
export const queryStart = (start: number, end: number, step: number) => end - (rowsAt(start, end, step) - 1) * step;

/** The chart group (row) a time falls in: groups are `step` wide, counted from the range start. */
export const groupOf = (t: number, start: number, step: number) => Math.floor((t - start) / step);
