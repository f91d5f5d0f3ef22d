import { describe, expect, it } from 'vitest';

import { agree, countOf, initials } from './words.ts';

describe('words', () => {
  it('counts with the right plural', () => {
    expect(countOf(1, 'account')).toBe('1 account');
    expect(countOf(0, 'account')).toBe('0 accounts');
    expect(countOf(2, 'account')).toBe('2 accounts');
    expect(countOf(1200, 'entry', 'entries')).toBe('1,200 entries');
  });

  it('agrees the verb with the count', () => {
    expect(`${countOf(1, 'account')} ${agree(1, 'was')} removed`).toBe('1 account was removed');
    expect(`${countOf(3, 'account')} ${agree(3, 'was')} removed`).toBe('3 accounts were removed');
    expect(agree(2, 'has')).toBe('have');
  });

  it('takes initials from first and last name', () => {
    expect(initials('Sam', 'Kim')).toBe('SK');
    expect(initials(' élodie', 'ö')).toBe('ÉÖ');
    expect(initials('Sam', '')).toBe('S');
    expect(initials('', '')).toBe('');
  });
});
