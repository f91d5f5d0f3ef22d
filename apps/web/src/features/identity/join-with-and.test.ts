import { describe, expect, it } from 'vitest';

import { joinWithAnd } from './join-with-and.ts';

describe('joinWithAnd', () => {
  it('joins with commas and a final and', () => {
    expect(joinWithAnd([]).join('')).toBe('');
    expect(joinWithAnd(['Terms']).join('')).toBe('Terms');
    expect(joinWithAnd(['Terms', 'Privacy']).join('')).toBe('Terms and Privacy');
    expect(joinWithAnd(['Terms', 'Privacy', 'Use']).join('')).toBe('Terms, Privacy and Use');
  });

  it('keeps the items themselves (links stay elements)', () => {
    const a = { id: 1 };
    const b = { id: 2 };
    expect(joinWithAnd([a, b])).toEqual([a, ' and ', b]);
  });
});
