import type { Redis } from 'ioredis';

import { popups } from '@portal/contract';

import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';

/** A fixed window: requests counted in it and milliseconds until it ends. */
export interface Hits {
  count: number;
  resetMs: number;
}

/**
 * Fixed-window counters: in process memory, or in Redis so every API process shares them. The memory
 * store counts at once and answers without a promise (the general API limit counts every request).
 */
export interface CounterStore {
  increment(key: string, windowMs: number): Hits | Promise<Hits>;
  count(key: string): Promise<Hits>;
  reset(key: string): Promise<void>;
}

export function memoryStore(clock: Clock): CounterStore {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.endsAt <= clock.now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  const hits = (entry: { count: number; endsAt: number } | undefined) =>
    entry ? { count: entry.count, resetMs: entry.endsAt - clock.now() } : { count: 0, resetMs: 0 };
  return {
    increment(key, windowMs) {
      const entry = live(key) ?? { count: 0, endsAt: clock.now() + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      if (windows.size > 100_000) for (const k of windows.keys()) live(k);
      return hits(entry);
    },
    async count(key) {
      return hits(live(key));
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisStore(redis: Redis, prefix = 'portal:rl:'): CounterStore {
  return {
    async increment(key, windowMs) {
      const [[, count], , [, ttl]] = (await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .pttl(prefix + key)
        .exec()) as [[null, number], [null, number], [null, number]];
      return { count, resetMs: Math.max(ttl, 0) };
    },
    async count(key) {
      const [[, count], [, ttl]] = (await redis
        .multi()
        .get(prefix + key)
        .pttl(prefix + key)
        .exec()) as [[null, string | null], [null, number]];
      return { count: Number(count ?? 0), resetMs: Math.max(ttl, 0) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

export interface Limit {
  max: number;
  windowSeconds: number;
}

/** TOO_MANY_ATTEMPTS, with the seconds until the window ends (sent as Retry-After by the api-rate-limit plugin). */
export class TooManyAttempts extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('TOO_MANY_ATTEMPTS', popups.tooManyAttempts.body);
  }
}

export const tooManyAttempts = (retryAfterSeconds: number) => new TooManyAttempts(Math.max(1, retryAfterSeconds));

/** Where a client stands against a limit after one more request. */
export interface Quota {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the count starts again. */
  resetSeconds: number;
  allowed: boolean;
}

const seconds = (ms: number) => Math.ceil(ms / 1000);

/**
 * Guards guessable calls: every attempt counts against the client address, and failures count
 * against the target (usually the email) so one address cannot lock out many accounts quickly.
 * `take` counts a request against any other limit (the general API limit).
 */
export function createLimiter(store: CounterStore, limits: { address: Limit; failures: Limit }) {
  const ms = (limit: Limit) => limit.windowSeconds * 1000;
  const quota = (limit: Limit, { count, resetMs }: Hits): Quota => ({
    limit: limit.max,
    remaining: Math.max(limit.max - count, 0),
    resetSeconds: seconds(resetMs),
    allowed: count <= limit.max,
  });
  /** Without a promise when the store answers at once (the memory store). */
  const take = (key: string, limit: Limit): Quota | Promise<Quota> => {
    const hits = store.increment(key, ms(limit));
    return hits instanceof Promise ? hits.then((h) => quota(limit, h)) : quota(limit, hits);
  };
  return {
    take,
    /** Counts one attempt from an address for an action; throws TOO_MANY_ATTEMPTS past the ceiling. */
    async attempt(action: string, address: string) {
      const quota = await take(`a:${action}:${address}`, limits.address);
      if (!quota.allowed) throw tooManyAttempts(quota.resetSeconds);
    },
    /** Throws TOO_MANY_ATTEMPTS when a target already has too many recent failures. */
    async assertNotLocked(action: string, target: string) {
      const { count, resetMs } = await store.count(`f:${action}:${target}`);
      if (count >= limits.failures.max) throw tooManyAttempts(seconds(resetMs));
    },
    async failure(action: string, target: string) {
      await store.increment(`f:${action}:${target}`, ms(limits.failures));
    },
    async success(action: string, target: string) {
      await store.reset(`f:${action}:${target}`);
    },
  };
}
export type Limiter = ReturnType<typeof createLimiter>;
