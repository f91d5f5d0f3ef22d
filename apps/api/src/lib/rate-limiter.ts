import type { Redis } from 'ioredis';

import { popups } from '@portal/contract';

import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';

/** Fixed-window counters: in process memory, or in Redis so every API process shares them. */
export interface CounterStore {
  increment(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
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
  return {
    async increment(key, windowMs) {
      const entry = live(key) ?? { count: 0, endsAt: clock.now() + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      if (windows.size > 100_000) for (const k of windows.keys()) live(k);
      return entry.count;
    },
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisStore(redis: Redis, prefix = 'portal:rl:'): CounterStore {
  return {
    async increment(key, windowMs) {
      const [[, count]] = (await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec()) as [[null, number], [null, number]];
      return count;
    },
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
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

export const tooManyAttempts = () => new AppError('TOO_MANY_ATTEMPTS', popups.tooManyAttempts.body);

/**
 * Guards guessable calls: every attempt counts against the client address, and failures count
 * against the target (usually the email) so one address cannot lock out many accounts quickly.
 */
export function createLimiter(store: CounterStore, limits: { address: Limit; failures: Limit }) {
  const ms = (limit: Limit) => limit.windowSeconds * 1000;
  return {
    /** Counts one attempt from an address for an action; throws TOO_MANY_ATTEMPTS past the ceiling. */
    async attempt(action: string, address: string) {
      const n = await store.increment(`a:${action}:${address}`, ms(limits.address));
      if (n > limits.address.max) throw tooManyAttempts();
    },
    /** Throws TOO_MANY_ATTEMPTS when a target already has too many recent failures. */
    async assertNotLocked(action: string, target: string) {
      if ((await store.count(`f:${action}:${target}`)) >= limits.failures.max) throw tooManyAttempts();
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
