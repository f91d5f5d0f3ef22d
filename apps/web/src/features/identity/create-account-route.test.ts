import { describe, expect, it } from 'vitest';

import { parseCreateAccountSegments } from './create-account-route.ts';

describe('parseCreateAccountSegments', () => {
  it('takes every segment as optional', () => {
    expect(parseCreateAccountSegments([])).toEqual({
      accountId: null,
      hash: null,
      email: '',
      firstName: '',
      lastName: '',
    });
    expect(parseCreateAccountSegments(['12', 'abc_DEF-1', 'jo+x@example.com', 'Jo', 'Ann Lee'])).toEqual({
      accountId: 12,
      hash: 'abc_DEF-1',
      email: 'jo+x@example.com',
      firstName: 'Jo',
      lastName: 'Ann Lee',
    });
    expect(parseCreateAccountSegments(['12'])).toMatchObject({ accountId: 12, hash: null });
  });

  it('sends bad segments to the dashboard (null)', () => {
    expect(parseCreateAccountSegments(null)).toBeNull();
    expect(parseCreateAccountSegments(['x', 'hash'])).toBeNull();
    expect(parseCreateAccountSegments(['12', 'bad hash!'])).toBeNull();
    expect(parseCreateAccountSegments(['1', '2', '3', '4', '5', '6'])).toBeNull();
  });
});
