import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/**
 * The time axis (spec core.md section 9): dates as M/d/yy up to 45 days, otherwise the month name;
 * data points as M/d/yy h:mma. Ticks sit on round wall-clock times (every 6 hours, every Monday, the
 * first of a month), so no label repeats; under a day apart they show the time (h:mm AM in the
 * viewer's locale) and the date is added where a day starts. Daily series (points at 00:00 UTC, one
 * per day) are read in UTC, so a day never shows as the evening before west of Greenwich.
 */

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;
const fortyFiveDays = 45 * DAY;

/** Time zone of an axis: the viewer's, or UTC for daily series. */
export type AxisZone = 'local' | 'UTC';

export interface TimeTick {
  /** Epoch seconds. */
  time: number;
  label: string;
}

const subDay = [
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
];
const days = [1, 2, 3, 7, 14];
const months = [1, 2, 3, 6, 12, 24];

const at = (seconds: number, zone: AxisZone) => (zone === 'UTC' ? dayjs.unix(seconds).utc() : dayjs.unix(seconds));

/** The wall-clock date as a day number (1970-01-01 = 0), the same in any zone. */
const dayNumber = (d: dayjs.Dayjs) => Math.round(Date.UTC(d.year(), d.month(), d.date()) / 864e5);
/** 1970-01-05 was a Monday: weekly ticks fall on Mondays. */
const mondayOffset = 4;

function formatter(options: Intl.DateTimeFormatOptions, zone: AxisZone, locale?: string) {
  const format = new Intl.DateTimeFormat(locale, { ...options, ...(zone === 'UTC' ? { timeZone: 'UTC' } : {}) });
  return (seconds: number) => format.format(seconds * 1000);
}

const shortDate = { year: '2-digit', month: 'numeric', day: 'numeric' } as const;
const shortTime = { hour: 'numeric', minute: '2-digit' } as const;

export interface TimeTicksOptions {
  zone?: AxisZone;
  /** Most ticks wanted (6 by the spec; fewer on a narrow chart). */
  count?: number;
  /** For tests; the viewer's locale by default. */
  locale?: string;
}

/** Round ticks and their labels for a time axis from `min` to `max` (epoch seconds). */
export function timeTicks(min: number, max: number, options: TimeTicksOptions = {}): TimeTick[] {
  const { zone = 'local', count = 6, locale } = options;
  if (!Number.isFinite(min) || !Number.isFinite(max) || max <= min) return [];
  const span = max - min;
  // The first candidate step (finest first) whose ticks number no more than `count`, but never a lone
  // tick when a finer step gave more; the estimate skips steps that cannot fit without building them.
  const first = <S>(steps: readonly S[], size: (s: S) => number, build: (s: S) => TimeTick[]) => {
    let finer: TimeTick[] | null = null;
    for (const step of steps) {
      if (span / size(step) > count + 1) continue;
      const ticks = build(step);
      if (ticks.length < 2 && finer) return finer;
      if (ticks.length <= count) return ticks;
      finer = ticks;
    }
    return finer ?? build(steps[steps.length - 1] as S);
  };

  if (span > fortyFiveDays)
    return first(
      months,
      (m) => m * 30.44 * DAY,
      (m) => monthTicks(min, max, m, zone, locale),
    );
  if (span < 2 * DAY) {
    const ticks = first(
      subDay,
      (s) => s,
      (s) => hourTicks(min, max, s, zone, locale),
    );
    if (ticks.length >= 2) return ticks;
  }
  return first(
    days,
    (d) => d * DAY,
    (d) => dayTicks(min, max, d, zone, locale),
  );
}

function monthTicks(min: number, max: number, every: number, zone: AxisZone, locale?: string): TimeTick[] {
  const month = formatter({ month: 'long' }, zone, locale);
  const year = formatter({ year: 'numeric' }, zone, locale);
  const ticks: TimeTick[] = [];
  for (let d = at(min, zone).startOf('month'); d.unix() <= max; d = d.add(1, 'month')) {
    if ((d.year() * 12 + d.month()) % every !== 0 || d.unix() < min) continue;
    const t = d.unix();
    // The year is named where it is not obvious: on the first tick and on each January.
    ticks.push({ time: t, label: ticks.length === 0 || d.month() === 0 ? `${month(t)}\n${year(t)}` : month(t) });
  }
  return ticks;
}

function hourTicks(min: number, max: number, step: number, zone: AxisZone, locale?: string): TimeTick[] {
  const time = formatter(shortTime, zone, locale);
  const date = formatter(shortDate, zone, locale);
  const ticks: TimeTick[] = [];
  for (let d = at(min, zone).startOf('day'); d.unix() <= max; d = d.add(1, 'day')) {
    for (let s = 0; s < DAY; s += step) {
      // Wall-clock setters, so a daylight-saving change does not shift the round hours.
      const tick = d
        .hour(Math.floor(s / HOUR))
        .minute(Math.floor((s % HOUR) / MINUTE))
        .second(0);
      const t = tick.unix();
      if (t < min || t > max || tick.date() !== d.date() || ticks.some((x) => x.time === t)) continue;
      const newDay = ticks.length === 0 || (tick.hour() === 0 && tick.minute() === 0);
      ticks.push({ time: t, label: newDay ? `${time(t)}\n${date(t)}` : time(t) });
    }
  }
  return ticks;
}

function dayTicks(min: number, max: number, every: number, zone: AxisZone, locale?: string): TimeTick[] {
  const date = formatter(shortDate, zone, locale);
  const ticks: TimeTick[] = [];
  for (let d = at(min, zone).startOf('day'); d.unix() <= max; d = d.add(1, 'day')) {
    const n = dayNumber(d) - (every === 7 || every === 14 ? mondayOffset : 0);
    if (n % every !== 0 || d.unix() < min) continue;
    ticks.push({ time: d.unix(), label: date(d.unix()) });
  }
  return ticks;
}

/** A data point's time for a tooltip: M/d/yy h:mm AM in the viewer's locale; the date alone for daily series. */
export function formatPointTime(seconds: number, zone: AxisZone = 'local', locale?: string): string {
  return zone === 'UTC'
    ? formatter(shortDate, zone, locale)(seconds)
    : formatter({ ...shortDate, ...shortTime }, zone, locale)(seconds);
}

/** True when the times are whole UTC days (a daily series), so the chart reads them in UTC. */
export function isDaily(times: readonly number[]): boolean {
  if (times.length === 0) return false;
  if (!times.every((t) => t % DAY === 0)) return false;
  for (let i = 1; i < times.length; i++) if ((times[i] as number) - (times[i - 1] as number) < DAY) return false;
  return true;
}
