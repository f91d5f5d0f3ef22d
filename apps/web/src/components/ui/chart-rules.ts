/**
 * The chart kit's range rules, where the pages have always imported them from; the kit itself lives
 * in ./chart/ (ticks, units, time axis, ranges, table, canvas).
 */
export { defaultRanges, rangeFor, rangeOptions, type ChartRange, type RangeOption } from './chart/ranges.ts';
export { toColumns, type ChartColumns } from './chart/table.ts';
