import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';

import { fallbackStore } from '../../src/lib/fallback-store.ts';
import { memoryStore, redisStore } from '../../src/lib/rate-limiter.ts';
import { manualClock } from '../helpers/test-app.ts';
import { tcpProxy } from '../helpers/tcp-proxy.ts';

const redisUrl = process.env.REDIS_URL_TEST;

// Redis going away under a running API (played by a TCP proxy in front of the real Redis that stops).
describe.runIf(redisUrl)('rate-limit counters when Redis goes down', () => {
  it('counts per process meanwhile, says so once, and shares again when Redis is back', async () => {
    const target = new URL(redisUrl as string);
    const proxy = tcpProxy(target.hostname, Number(target.port || 6379));
    const port = await proxy.start(0);
    const redis = new Redis({
      host: '127.0.0.1',
      port,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      connectTimeout: 500,
      retryStrategy: () => 100,
    });
    redis.on('error', () => {});
    const said: string[] = [];
    const store = fallbackStore(redisStore(redis, `portal:test:${Date.now()}:`), memoryStore(manualClock()), {
      warn: (msg) => said.push(`warn ${msg}`),
      info: (msg) => said.push(`info ${msg}`),
    });
    try {
      for (let i = 0; i < 50 && redis.status !== 'ready'; i += 1) await new Promise((r) => setTimeout(r, 100));
      expect((await store.increment('k', 60_000)).count).toBe(1);
      expect((await store.increment('k', 60_000)).count).toBe(2);

      await proxy.stop();
      // Counting goes on (in memory, from zero), the process keeps serving.
      expect((await store.increment('k', 60_000)).count).toBe(1);
      expect((await store.increment('k', 60_000)).count).toBe(2);
      expect(store.degraded).toBe(true);
      expect(said.filter((l) => l.startsWith('warn'))).toHaveLength(1);
      expect(said[0]).toMatch(/Redis is unreachable .*per API process/);

      await proxy.start(port);
      for (let i = 0; i < 50 && redis.status !== 'ready'; i += 1) await new Promise((r) => setTimeout(r, 100));
      // The shared counter had 2 before the outage.
      expect((await store.increment('k', 60_000)).count).toBe(3);
      expect(store.degraded).toBe(false);
      expect(said.at(-1)).toMatch(/^info Redis is back/);
    } finally {
      redis.disconnect();
      await proxy.stop();
    }
  });
});
