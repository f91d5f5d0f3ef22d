import type { Env } from '../../config/env.ts';

/**
 * The storage tiers of a series, finest first (decision 090): raw points, then 5-minute, hourly and
 * daily rollups. Every boundary (a tier's retention, a raw partition) falls on a day start in UTC, so a
 * rollup bucket always lies wholly inside what the finer tier keeps, and can be rebuilt from it.
 */
export const tiers = [
  { name: 'raw', table: 'metric_raw', seconds: 0 },
  { name: '5m', table: 'metric_5m', seconds: 300 },
  { name: '1h', table: 'metric_1h', seconds: 3600 },
  { name: '1d', table: 'metric_1d', seconds: 86400 },
] as const;

export type Tier = (typeof tiers)[number];
export type TierName = Tier['name'];
export type RollupTier = Exclude<Tier, { name: 'raw' }>;

export const DAY = 86400;

/** Days each tier keeps; null = forever. */
export type Retention = Record<TierName, number | null>;

/** The defaults of config/env.ts, for writers that run without a configuration (the demo seed). */
export const defaultRetention: Retention = { raw: 35, '5m': 400, '1h': null, '1d': null };

export const retentionOf = (env: Env): Retention => ({
  raw: env.METRICS_RAW_RETENTION_DAYS,
  '5m': env.METRICS_5M_RETENTION_DAYS,
  '1h': env.METRICS_1H_RETENTION_DAYS,
  '1d': env.METRICS_1D_RETENTION_DAYS,
});

export const dayStartOf = (epochSeconds: number) => Math.floor(epochSeconds / DAY) * DAY;

/** The oldest time (epoch seconds) each tier keeps at `now`: the start of the day `days` before today. */
export type KeepFrom = Record<TierName, number>;

export function keepFrom(retention: Retention, nowSeconds: number): KeepFrom {
  const from = (days: number | null) => (days === null ? -Infinity : dayStartOf(nowSeconds) - days * DAY);
  return {
    raw: from(retention.raw),
    '5m': from(retention['5m']),
    '1h': from(retention['1h']),
    '1d': from(retention['1d']),
  };
}

/** The finest tier that keeps a point of this time (its "home"), or undefined when no tier keeps it. */
export function homeTier(ts: number, keep: KeepFrom): Tier | undefined {
  return tiers.find((t) => ts >= keep[t.name]);
}

export const bucketOf = (ts: number, seconds: number) => Math.floor(ts / seconds) * seconds;

export interface TierChoice {
  tier: Tier;
  /** Width (seconds) of the groups the rows are folded into, counted from the range's start. */
  groupSeconds: number;
}

/**
 * Which tier a table of at most `maxRows` rows over [start, end] reads: the coarsest tier that keeps
 * the start and still has at least `maxRows` buckets in the range, else the finest tier that keeps the
 * start (short ranges: the raw points). Its rows are then folded into groups `groupSeconds` wide, a
 * whole number of buckets, few enough that the range has at most `maxRows` of them. So the rows read
 * stay below maxRows x the next tier's width ratio (x24 at most) whatever the range.
 */
export function chooseTier(start: number, end: number, maxRows: number, keep: KeepFrom): TierChoice {
  const range = Math.max(0, end - start);
  const kept = tiers.filter((t) => keep[t.name] <= start);
  const rollups = kept.filter((t) => t.seconds > 0).reverse();
  const tier = rollups.find((t) => range / t.seconds >= maxRows) ?? kept[0] ?? (tiers[tiers.length - 1] as Tier);
  // floor(range / width) < maxRows keeps the group count (0..floor(range / width)) within maxRows.
  const least = Math.floor(range / maxRows) + 1;
  const groupSeconds = tier.seconds > 0 ? Math.ceil(least / tier.seconds) * tier.seconds : least;
  return { tier, groupSeconds };
}

/**
 * Which tier an export at exactly `step` seconds reads (issue 33, decision 132): the coarsest whose
 * buckets divide the step and that keeps `from` (the start of the step bucket holding the range's
 * start), else the coarsest of them (it keeps the most of the range). Every tier's bucket then lies wholly inside one step
 * bucket (both aligned to multiples of their width in Unix time), so folding them is exact.
 */
export function stepTier(step: number, from: number, keep: KeepFrom): Tier {
  const dividing = tiers.filter((t) => t.seconds <= step && (t.seconds === 0 || step % t.seconds === 0));
  const kept = dividing.filter((t) => keep[t.name] <= from);
  return (kept.at(-1) ?? dividing.at(-1)) as Tier;
}
