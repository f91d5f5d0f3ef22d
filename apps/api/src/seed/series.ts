import type { Random } from './random.ts';
import { DAY, HOUR, dayStart, hourStart } from './time.ts';

/** Shapes of time series: slow growth for storage and counts, a working-day rhythm for traffic. */

export const GB = 1024 ** 3;
export const DAILY_POINTS = 396; // 13 months of days, today included
export const HOURLY_POINTS = 720; // 30 days of hours

/** Epoch seconds of the daily (00:00 UTC) and hourly points ending at `now`. */
export function timeline(now: Date, step: 'day' | 'hour'): number[] {
  const points = step === 'day' ? DAILY_POINTS : HOURLY_POINTS;
  const ms = step === 'day' ? DAY : HOUR;
  const last = (step === 'day' ? dayStart(now) : hourStart(now)).getTime();
  return Array.from({ length: points }, (_, i) => (last - (points - 1 - i) * ms) / 1000);
}

/**
 * A random walk from `start` that grows by about `growth` (0.3 = +30%) over `n` points, with day-to-day
 * wobble `volatility` and now and then a clean-up dip. `integer` rounds (counts of VMs, licences...).
 */
export function walk(
  random: Random,
  n: number,
  start: number,
  growth: number,
  volatility: number,
  integer = false,
): number[] {
  const drift = Math.log(1 + growth) / n;
  const out: number[] = [];
  let v = Math.max(start, 1);
  for (let i = 0; i < n; i++) {
    v *= Math.exp(drift + random.noise(volatility));
    if (random.chance(0.004)) v *= random.between(0.8, 0.95); // retention clean-up, decommissioned VM
    out.push(integer ? Math.max(0, Math.round(v)) : Math.round(v));
  }
  return out;
}

/** A value that only moves now and then (limits, licence counts bought). */
export function steps(random: Random, n: number, start: number, changes: number): number[] {
  const at = new Set(Array.from({ length: changes }, () => random.int(1, n - 1)));
  let v = start;
  return Array.from({ length: n }, (_, i) => {
    if (at.has(i)) v = Math.round(v * random.between(1.1, 1.5));
    return v;
  });
}

/** Working-hours load factor (0..1) for an hourly point, in US Central time, quieter at weekends. */
export function loadFactor(epochSeconds: number): number {
  const local = new Date((epochSeconds - 6 * 3600) * 1000);
  const hour = local.getUTCHours();
  const weekend = local.getUTCDay() === 0 || local.getUTCDay() === 6;
  const day = Math.max(0, Math.sin((Math.PI * (hour - 6)) / 16));
  return (0.25 + 0.75 * day) * (weekend ? 0.45 : 1);
}

/** A daily count with weekday rhythm (requests, threats): weekends lower. */
export function dailyRhythm(random: Random, times: readonly number[], base: number, growth: number): number[] {
  return times.map((t, i) => {
    const weekday = new Date(t * 1000).getUTCDay();
    const week = weekday === 0 || weekday === 6 ? 0.6 : 1;
    const trend = 1 + (growth * i) / times.length;
    return Math.max(0, Math.round(base * week * trend * (1 + random.noise(0.25))));
  });
}

/** Mostly zero, with an occasional burst (interface errors and discards). */
export function bursts(random: Random, n: number, rate: number, size: number): number[] {
  return Array.from({ length: n }, () =>
    random.chance(rate) ? Math.round(random.between(0.1, 1) * size * 100) / 100 : 0,
  );
}
