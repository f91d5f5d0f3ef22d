/** Injected wherever time decides an outcome (rate limits, expiries), so tests need not sleep. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

export const epoch = (date: Date | string | null | undefined): number | null =>
  date == null ? null : Math.floor(new Date(date).getTime() / 1000);
