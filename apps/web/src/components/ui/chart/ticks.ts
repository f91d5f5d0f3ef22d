/**
 * Value-axis ticks a person reads at a glance: steps of 1, 2, 2.5 or 5 × 10ⁿ, starting from a multiple
 * of the step, about 6 of them (spec core.md section 9: "Chart axis labels use 6 ticks").
 */

const mantissas = [1, 2, 2.5, 5, 10] as const;

/** Drops floating-point noise (0.1 + 0.2) without touching real digits. */
const clean = (value: number) => Number(value.toPrecision(12));

/** The smallest round step (1, 2, 2.5, 5 × 10ⁿ) at least `rough`; with `integer`, whole numbers only. */
export function niceStep(rough: number, integer = false): number {
  if (!Number.isFinite(rough) || rough <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  for (const m of mantissas) {
    const step = clean(m * power);
    if (step < rough * (1 - 1e-9)) continue;
    // 2.5 is not a whole number below 10 (counts of VMs or licences have no half).
    if (integer && !Number.isInteger(step)) continue;
    return step;
  }
  return clean(10 * power);
}

export interface NiceScale {
  min: number;
  max: number;
  step: number;
  ticks: number[];
}

export interface NiceScaleOptions {
  /** Most ticks wanted (6 by the spec; fewer on a narrow chart). */
  count?: number;
  /** Whole-number steps (counts). */
  integer?: boolean;
  /** Keep 0 on the axis (magnitudes: traffic, storage, counts). Default true. */
  includeZero?: boolean;
}

/**
 * Round bounds and ticks covering [min, max]: the smallest round step giving at most `count` ticks.
 * A flat or single-value series still gets a readable axis (0 up to a round value above it).
 */
export function niceScale(min: number, max: number, options: NiceScaleOptions = {}): NiceScale {
  const { count = 6, integer = false, includeZero = true } = options;
  let lo = Number.isFinite(min) ? min : 0;
  let hi = Number.isFinite(max) ? max : 0;
  if (lo > hi) [lo, hi] = [hi, lo];
  if (includeZero) {
    lo = Math.min(0, lo);
    hi = Math.max(0, hi);
  }
  if (lo === hi) {
    // One value (or all zero): show it inside an axis from 0, never a hairline range around it.
    if (hi === 0) hi = 1;
    else if (hi > 0) lo = Math.min(lo, 0);
    else hi = 0;
    if (lo === hi) hi = lo + 1;
  }
  const intervals = Math.max(1, count - 1);
  let step = niceStep((hi - lo) / intervals, integer);
  for (;;) {
    const first = Math.floor(clean(lo / step)) * step;
    const last = Math.ceil(clean(hi / step)) * step;
    const n = Math.round((last - first) / step);
    if (n <= intervals || !Number.isFinite(n)) {
      const ticks = Array.from({ length: n + 1 }, (_, i) => clean(first + i * step));
      return { min: clean(first), max: clean(last), step, ticks };
    }
    step = niceStep(step * 1.0001, integer);
  }
}

/** Decimal places a round step needs so that its ticks print distinct (2.5 → 1, 0.25 → 2, 20 → 0). */
export function stepDecimals(step: number): number {
  if (!Number.isFinite(step) || step <= 0) return 0;
  const text = clean(step).toString();
  if (text.includes('e-')) return Number(text.split('e-')[1]) + (text.split('e-')[0]?.split('.')[1]?.length ?? 0);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}
