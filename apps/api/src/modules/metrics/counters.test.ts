import { describe, expect, it } from 'vitest';

import { COUNTER_RANGE, counterIncrease, counterRate } from './counters.ts';

describe('counter readings to per-second rates', () => {
  it('divides the increase by the seconds between readings', () => {
    // 1,000 -> 61,000 octets over 60 s: 60,000 / 60 = 1,000 octets a second.
    expect(counterRate({ ts: 100, value: 1_000 }, { ts: 160, value: 61_000 })).toBe(1_000);
    // Unchanged counter: nothing sent.
    expect(counterRate({ ts: 100, value: 5 }, { ts: 400, value: 5 })).toBe(0);
  });

  it('takes a drop as a restart from zero: the increase is the new reading', () => {
    // 9,000,000 -> 3,000 in 30 s: the device restarted and counted 3,000 since: 100 a second.
    expect(counterIncrease(9_000_000, 3_000)).toBe(3_000);
    expect(counterRate({ ts: 0, value: 9_000_000 }, { ts: 30, value: 3_000 })).toBe(100);
  });

  it('takes a drop from the top half of the 64-bit range as a wrap past 2^64 - 1', () => {
    // 2^64 - 1,000 -> 500: 1,000 to reach 2^64 (= 0), then 500 more: 1,500.
    expect(counterIncrease(COUNTER_RANGE - 1_000 * 2 ** 11, 500)).toBe(1_000 * 2 ** 11 + 500);
    expect(counterRate({ ts: 0, value: COUNTER_RANGE - 2 ** 20 }, { ts: 16, value: 2 ** 20 })).toBe(2 ** 21 / 16);
    // A drop from 2^63 exactly is a wrap too; from just below it, a restart.
    expect(counterIncrease(2 ** 63, 0)).toBe(2 ** 63);
    expect(counterIncrease(2 ** 62, 10)).toBe(10);
  });

  it('has no rate for readings out of time order or at the same time', () => {
    expect(counterRate({ ts: 100, value: 1 }, { ts: 100, value: 2 })).toBeNull();
    expect(counterRate({ ts: 100, value: 1 }, { ts: 50, value: 2 })).toBeNull();
  });
});
