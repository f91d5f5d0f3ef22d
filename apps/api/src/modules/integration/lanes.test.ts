import { describe, expect, it } from 'vitest';

import { lanes } from './lanes.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('lanes', () => {
  it('runs work of one key in order and other keys beside it, never more than the queue bound', async () => {
    const run = lanes(3, 4);
    const done: string[] = [];
    let running = 0;
    let most = 0;
    let pending = 0;
    let mostPending = 0;
    for (let i = 0; i < 30; i += 1) {
      const key = `k${i % 5}`;
      pending += 1;
      mostPending = Math.max(mostPending, pending);
      await run.push(key, async () => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        done.push(`${key}:${i}`);
        running -= 1;
        pending -= 1;
      });
    }
    await run.drain();
    expect(done).toHaveLength(30);
    for (let k = 0; k < 5; k += 1) {
      const order = done.filter((d) => d.startsWith(`k${k}:`)).map((d) => Number(d.split(':')[1]));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(3);
    expect(mostPending).toBeLessThanOrEqual(5);
  });

  it('stops taking work after a failure and reports it', async () => {
    const run = lanes(2);
    await run.push('a', async () => {
      throw new Error('boom');
    });
    await expect(run.drain()).rejects.toThrow('boom');
    await expect(run.push('b', async () => {})).rejects.toThrow('boom');
  });
});
