import { randomUUID } from 'node:crypto';

import type { Redis } from 'ioredis';

/** Gives back a place taken with `take`; a second call does nothing. */
export type Release = () => Promise<void>;

/**
 * Counts work in flight per key (a token's batches): `take` answers a release when fewer than `max`
 * places are taken, null when all are. Unlike the rate limiter's windows, a place is held until it is
 * given back, so it counts work that has started and not finished.
 */
export interface InFlight {
  take(key: string, max: number): Promise<Release | null>;
}

const once = (release: () => Promise<void>): Release => {
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    await release();
  };
};

/** In this process's memory: the count of one API process. */
export function memoryInFlight(): InFlight {
  const taken = new Map<string, number>();
  return {
    async take(key, max) {
      const count = taken.get(key) ?? 0;
      if (count >= max) return null;
      taken.set(key, count + 1);
      return once(async () => {
        const left = (taken.get(key) ?? 1) - 1;
        if (left > 0) taken.set(key, left);
        else taken.delete(key);
      });
    },
  };
}

/**
 * In Redis, shared by every API process: one sorted set per key, a member per place, scored by when
 * its lease ends. A holder renews its lease while it works, so the place of a process that died is
 * free again within `leaseMs`. Adding and counting run in one MULTI, so of two processes taking the
 * last place at once, the second one counts both and gives its own back.
 */
export function redisInFlight(redis: Redis, leaseMs = 60_000, prefix = 'portal:inflight:'): InFlight {
  return {
    async take(key, max) {
      const set = prefix + key;
      const member = randomUUID();
      const now = Date.now();
      const results = (await redis
        .multi()
        .zremrangebyscore(set, '-inf', now)
        .zadd(set, now + leaseMs, member)
        .zcard(set)
        .pexpire(set, leaseMs)
        .exec()) as [Error | null, unknown][];
      if (Number(results[2]?.[1]) > max) {
        await redis.zrem(set, member);
        return null;
      }
      const renew = setInterval(() => {
        const until = Date.now() + leaseMs;
        void redis
          .multi()
          .zadd(set, 'XX', until, member)
          .pexpire(set, leaseMs)
          .exec()
          .catch(() => {});
      }, leaseMs / 3);
      renew.unref();
      return once(async () => {
        clearInterval(renew);
        await redis.zrem(set, member).catch(() => {});
      });
    },
  };
}

/**
 * Redis with a way down, as the rate limits have (fallback-store.ts): while Redis fails, places are
 * counted in this process's memory, so the limit holds per process instead of failing the calls.
 */
export function fallbackInFlight(shared: InFlight, local: InFlight): InFlight {
  return {
    async take(key, max) {
      try {
        return await shared.take(key, max);
      } catch {
        return local.take(key, max);
      }
    },
  };
}
