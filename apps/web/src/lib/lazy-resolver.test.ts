import { zodResolver } from '@hookform/resolvers/zod';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { lazyResolver, rulesNotLoaded } from './lazy-resolver.ts';

const schema = z.object({ email: z.string().min(1, 'This value is required.') });
type Values = z.input<typeof schema>;
const options: ResolverOptions<Values> = { fields: {}, shouldUseNativeValidation: false };

describe('lazyResolver', () => {
  it('loads the rules once, on first use or preload, and checks with them', async () => {
    let loads = 0;
    const rules = lazyResolver<Values, Values>(async () => {
      loads++;
      return zodResolver(schema);
    });
    expect(loads).toBe(0);
    rules.preload();
    const empty = await rules.resolver({ email: '' }, undefined, options);
    expect(empty.errors.email?.message).toBe('This value is required.');
    const filled = await rules.resolver({ email: 'a@b.test' }, undefined, options);
    expect(filled.values).toEqual({ email: 'a@b.test' });
    expect(loads).toBe(1);
  });

  it('reports rules that did not load as a form error, and loads again on the next try', async () => {
    let loads = 0;
    const rules = lazyResolver<Values, Values>(async () => {
      loads++;
      if (loads === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return zodResolver(schema);
    });
    const failed = await rules.resolver({ email: 'a@b.test' }, undefined, options);
    expect(failed.values).toEqual({});
    expect(failed.errors.root?.message).toBe(rulesNotLoaded);
    const retried = await rules.resolver({ email: 'a@b.test' }, undefined, options);
    expect(retried.values).toEqual({ email: 'a@b.test' });
    expect(loads).toBe(2);
  });
});
