import { describe, expect, it } from 'vitest';

import './zod-jitless.ts';

describe('zod-jitless', () => {
  it('puts zod in jitless mode before zod loads, so no schema probes for eval (CSP)', async () => {
    const probe = globalThis.Function;
    let calls = 0;
    globalThis.Function = new Proxy(probe, {
      construct: (target, args: string[]) => (calls++, new target(...args)),
      apply: (target, thisArg, args: string[]) => (calls++, Reflect.apply(target, thisArg, args)),
    });
    try {
      const { z } = await import('zod');
      expect(z.config().jitless).toBe(true);
      const schema = z.object({ name: z.string(), count: z.number() });
      expect(schema.parse({ name: 'a', count: 1 })).toEqual({ name: 'a', count: 1 });
      expect(calls).toBe(0);
    } finally {
      globalThis.Function = probe;
    }
  });
});
