import { describe, expect, it } from 'vitest';

import { ttlCache } from './cache.ts';

const setup = (maxEntries = 3) => {
  let now = 0;
  const cache = ttlCache<number>({ maxEntries, ttlMs: 15_000, failureTtlMs: 5000, now: () => now });
  let fetches = 0;
  const fetch = (value: number) => async () => {
    fetches += 1;
    return value;
  };
  return {
    cache,
    fetch,
    fetches: () => fetches,
    advance: (ms: number) => {
      now += ms;
    },
  };
};

describe('the source answer cache', () => {
  it('answers a key from the cache until its time is up, then asks again', async () => {
    const c = setup();
    expect(await c.cache.get('a', c.fetch(1))).toBe(1);
    c.advance(14_999);
    expect(await c.cache.get('a', c.fetch(2))).toBe(1);
    expect(c.fetches()).toBe(1);
    c.advance(1);
    expect(await c.cache.get('a', c.fetch(3))).toBe(3);
    expect(c.fetches()).toBe(2);
  });

  it('lets requests for a key being fetched wait for that one fetch', async () => {
    const c = setup();
    let release = (_v: number) => {};
    const slow = () => new Promise<number>((resolve) => (release = resolve));
    const first = c.cache.get('a', slow);
    const second = c.cache.get('a', c.fetch(9));
    release(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(c.fetches()).toBe(0);
  });

  it('remembers a failure for a shorter time', async () => {
    const c = setup();
    const failing = () => Promise.reject(new Error('down'));
    await expect(c.cache.get('a', failing)).rejects.toThrow('down');
    c.advance(4999);
    await expect(c.cache.get('a', c.fetch(1))).rejects.toThrow('down');
    c.advance(1);
    expect(await c.cache.get('a', c.fetch(1))).toBe(1);
  });

  it('holds at most maxEntries answers, dropping the oldest first', async () => {
    const c = setup(3);
    for (const [k, v] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 4],
    ] as const)
      await c.cache.get(k, c.fetch(v));
    expect(c.cache.size).toBe(3);
    expect(await c.cache.get('b', c.fetch(20))).toBe(2);
    expect(await c.cache.get('a', c.fetch(10))).toBe(10);
    expect(c.fetches()).toBe(5);
  });
});
