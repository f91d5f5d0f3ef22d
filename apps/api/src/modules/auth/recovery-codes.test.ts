import { describe, expect, it } from 'vitest';

import { auth } from '@portal/contract';

import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  hashRecoveryCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
} from './recovery-codes.ts';

const key = Buffer.alloc(32, 7);

describe('recovery codes', () => {
  it('makes ten distinct codes of two groups of five characters without look-alikes', () => {
    const codes = newRecoveryCodes();
    expect(RECOVERY_CODE_COUNT).toBe(10);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
    // 32 characters: 5 bits each, 50 bits a code.
    expect(RECOVERY_CODE_ALPHABET).toHaveLength(32);
    expect(RECOVERY_CODE_ALPHABET).not.toMatch(/[01IO]/);
  });

  it('ignores case, spaces and hyphens when typed, and hashes under the key', () => {
    expect(normalizeRecoveryCode(' 7kq2m - xw9rp ')).toBe('7KQ2MXW9RP');
    expect(hashRecoveryCode(key, '7kq2m xw9rp')).toBe(hashRecoveryCode(key, '7KQ2M-XW9RP'));
    expect(hashRecoveryCode(key, '7KQ2M-XW9RP')).not.toBe(hashRecoveryCode(Buffer.alloc(32, 8), '7KQ2M-XW9RP'));
    expect(hashRecoveryCode(key, '7KQ2M-XW9RP')).not.toContain('7KQ2M');
  });

  it('accepts as typed only ten characters of the alphabet', () => {
    const parse = (value: string) => auth.recoveryCode.safeParse(value).success;
    expect(parse('7KQ2M-XW9RP')).toBe(true);
    expect(parse('7kq2m xw9rp')).toBe(true);
    expect(parse('7KQ2M-XW9R')).toBe(false);
    expect(parse('7KQ2M-XW9RPA')).toBe(false);
    expect(parse('7KQ2M-XW9R0')).toBe(false);
    expect(parse('IKQ2M-XW9RP')).toBe(false);
    expect(parse('')).toBe(false);
  });
});
