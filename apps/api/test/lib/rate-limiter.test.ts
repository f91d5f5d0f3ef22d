import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';

import { createLimiter, memoryStore, redisStore, type CounterStore } from '../../src/lib/rate-limiter.ts';
import { manualClock } from '../helpers/test-app.ts';

const limits = { address: { max: 3, windowSeconds: 60 }, failures: { max: 2, windowSeconds: 900 } };

async function expectCode(promise: Promise<unknown>, code: string) {
  await expect(promise).rejects.toMatchObject({ code });
}

describe('rate limiter (memory, injected clock)', () => {
  it('refuses the attempt past the address ceiling until the window ends', async () => {
    const clock = manualClock(0);
    const limiter = createLimiter(memoryStore(clock), limits);
    for (let i = 0; i < 3; i++) await limiter.attempt('sign-in', '10.0.0.1');
    await expectCode(limiter.attempt('sign-in', '10.0.0.1'), 'TOO_MANY_ATTEMPTS');
    await limiter.attempt('sign-in', '10.0.0.2');
    await limiter.attempt('reset', '10.0.0.1');
    clock.advance(60_000);
    await limiter.attempt('sign-in', '10.0.0.1');
  });

  it('locks a target after its failures and a success clears them', async () => {
    const clock = manualClock(0);
    const limiter = createLimiter(memoryStore(clock), limits);
    await limiter.failure('sign-in', 'a@x.test');
    await limiter.assertNotLocked('sign-in', 'a@x.test');
    await limiter.success('sign-in', 'a@x.test');
    await limiter.failure('sign-in', 'a@x.test');
    await limiter.failure('sign-in', 'a@x.test');
    await expectCode(limiter.assertNotLocked('sign-in', 'a@x.test'), 'TOO_MANY_ATTEMPTS');
    clock.advance(899_999);
    await expectCode(limiter.assertNotLocked('sign-in', 'a@x.test'), 'TOO_MANY_ATTEMPTS');
    clock.advance(1);
    await limiter.assertNotLocked('sign-in', 'a@x.test');
  });
});

const redisUrl = process.env.REDIS_URL_TEST;
describe.runIf(redisUrl)('rate limiter shared through Redis', () => {
  const redis = new Redis(redisUrl ?? '', { lazyConnect: true });
  afterAll(() => redis.quit());

  it('counts attempts from two API processes together', async () => {
    const prefix = `portal:test:${Date.now()}:${Math.random()}:`;
    const a: CounterStore = redisStore(redis, prefix);
    const b: CounterStore = redisStore(redis, prefix);
    const limiterA = createLimiter(a, limits);
    const limiterB = createLimiter(b, limits);
    await limiterA.attempt('sign-in', 'ip');
    await limiterB.attempt('sign-in', 'ip');
    await limiterA.attempt('sign-in', 'ip');
    await expectCode(limiterB.attempt('sign-in', 'ip'), 'TOO_MANY_ATTEMPTS');
    expect(await redis.pttl(`${prefix}a:sign-in:ip`)).toBeGreaterThan(0);
  });
});
