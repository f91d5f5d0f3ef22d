import { describe, expect, it } from 'vitest';

import { parseResetSegments, parseVerificationSegments } from './route-segments.ts';

describe('parseResetSegments', () => {
  it('takes exactly a key and an email', () => {
    expect(parseResetSegments(['Abc_123-x', 'Jo@Example.com'])).toEqual({
      resetKey: 'Abc_123-x',
      email: 'jo@example.com',
    });
  });
  it('refuses other segment counts and bad values', () => {
    expect(parseResetSegments(['key'])).toBeNull();
    expect(parseResetSegments(['key', 'a@b.example', 'x'])).toBeNull();
    expect(parseResetSegments(['bad key', 'a@b.example'])).toBeNull();
    expect(parseResetSegments(['key', 'not-an-email'])).toBeNull();
    expect(parseResetSegments(null)).toBeNull();
  });
});

describe('parseVerificationSegments', () => {
  it('takes exactly a user id and a hash', () => {
    expect(parseVerificationSegments(['42', 'h4sh'])).toEqual({ userId: 42, hash: 'h4sh' });
    expect(parseVerificationSegments(['0', 'h4sh'])).toBeNull();
    expect(parseVerificationSegments(['42'])).toBeNull();
    expect(parseVerificationSegments(['42', 'a/b'])).toBeNull();
  });
});
