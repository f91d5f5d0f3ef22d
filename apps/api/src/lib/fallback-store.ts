import type { CounterStore } from './rate-limiter.ts';

/**
 * Shared counters (Redis) with a way down: while the shared store fails, counting goes on in this
 * process's memory (limits then hold per process), said once in the log; when it answers again, the
 * shared counters take over and that is said too. The portal keeps serving either way.
 */
export function fallbackStore(
  shared: CounterStore,
  local: CounterStore,
  log: { warn: (msg: string) => void; info: (msg: string) => void },
): CounterStore & { readonly degraded: boolean } {
  let degraded = false;
  const run = async <T>(use: (store: CounterStore) => T | Promise<T>): Promise<T> => {
    try {
      const result = await use(shared);
      if (degraded) {
        degraded = false;
        log.info('Redis is back: rate limits are shared between API processes again');
      }
      return result;
    } catch (error) {
      if (!degraded) {
        degraded = true;
        log.warn(
          `Redis is unreachable (${(error as Error).message}): rate limits are counted per API process until it is back`,
        );
      }
      return use(local);
    }
  };
  return {
    get degraded() {
      return degraded;
    },
    increment: (key, windowMs) => run((s) => s.increment(key, windowMs)),
    count: (key) => run((s) => s.count(key)),
    reset: (key) => run((s) => s.reset(key)),
  };
}
