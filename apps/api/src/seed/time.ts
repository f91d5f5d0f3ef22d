/** Date helpers: every seeded date is relative to the seed's `now`, so the demo always looks current. */

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY);
export const daysAgo = (now: Date, days: number): Date => addDays(now, -days);
export const hoursAgo = (now: Date, hours: number): Date => new Date(now.getTime() - hours * HOUR);

/** 'YYYY-MM-DD' of a date in UTC (the database runs in UTC). */
export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

/** 00:00 UTC of the first day of the month `monthsBack` months before `now`'s month. */
export const monthStart = (now: Date, monthsBack: number): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));

/** 00:00 UTC of `now`'s day. */
export const dayStart = (now: Date): Date =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Start of `now`'s hour (UTC). */
export const hourStart = (now: Date): Date => new Date(Math.floor(now.getTime() / HOUR) * HOUR);

/** The earlier of two dates. */
export const earlier = (a: Date, b: Date): Date => (a.getTime() <= b.getTime() ? a : b);
