import { createHmac, randomInt } from 'node:crypto';

/** How many codes a set holds, and the characters of one (two groups of five, e.g. `7KQ2M-XW9RP`). */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;
/** 32 letters and digits without the look-alikes 0/O, 1/I: 5 bits a character, 50 bits a code. */
export const RECOVERY_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** One code as shown: two groups of five joined by a hyphen. */
export function newRecoveryCode(): string {
  let raw = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++)
    raw += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** A new set: RECOVERY_CODE_COUNT distinct codes. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/** The code as typed, without spaces and hyphens, in capitals (what is hashed). */
export const normalizeRecoveryCode = (typed: string) => typed.replace(/[\s-]+/g, '').toUpperCase();

/**
 * The stored form: HMAC-SHA-256 under a key derived from CONNECTOR_KEY. A code has 50 random bits, so a
 * slow password hash adds nothing against guessing through the API (rate-limited), while the key keeps a
 * copy of the table alone from being searched offline; a fast hash lets the sign-in find the code by value.
 */
export function hashRecoveryCode(key: Buffer, typed: string): string {
  const subKey = createHmac('sha256', key).update('recovery-codes').digest();
  return createHmac('sha256', subKey).update(normalizeRecoveryCode(typed)).digest('base64url');
}
