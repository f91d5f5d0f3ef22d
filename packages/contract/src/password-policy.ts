import { z } from 'zod';

import { commonPasswords } from './common-passwords.ts';
import { validationMessages as m } from './messages.ts';

/**
 * The portal's password policy (docs/decisions/002-password-policy.md), the same on client and server:
 * at least 12 characters, at most 128, not the user's email (or its name part), and not a common
 * password, also not one with only digits or symbols added before or after it.
 */
export const passwordPolicy = { minLength: 12, maxLength: 128 } as const;

export const passwordMessages = {
  /** The spec's default length messages; the hint under the field says what the numbers are. */
  tooShort: m.minlength,
  tooLong: m.maxlength,
  common: 'This password is too common. Choose one that is harder to guess.',
  email: 'The password must not be your email address.',
  hint: `At least ${passwordPolicy.minLength} characters; not your email address and not a common password.`,
} as const;

const common = new Set(commonPasswords);

/** The word under the decoration: lowercased, digits and symbols stripped from both ends. */
const core = (password: string) => password.toLowerCase().replace(/^[^a-z]+|[^a-z]+$/g, '');

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (common.has(lower)) return true;
  const word = core(password);
  // Nothing but digits and symbols ('123456789012', '!!!!!!!!!!!!') is as guessable as a listed one.
  if (word === '') return true;
  if (common.has(word)) return true;
  // One word typed twice or more ('monkeymonkey').
  const half = word.slice(0, word.length / 2);
  return word.length % 2 === 0 && half.repeat(2) === word && common.has(half);
}

function isEmailLike(password: string, email: string): boolean {
  const lower = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  if (!address) return false;
  const local = address.split('@')[0] ?? '';
  return lower === address || (local.length >= 3 && (lower === local || core(lower) === local));
}

/** Every rule the password breaks, as messages (empty when it is acceptable). */
export function checkPasswordPolicy(password: string, email?: string | null): string[] {
  if (password.length === 0) return [m.required];
  const problems: string[] = [];
  if (password.length < passwordPolicy.minLength) problems.push(passwordMessages.tooShort);
  if (password.length > passwordPolicy.maxLength) problems.push(passwordMessages.tooLong);
  if (email && isEmailLike(password, email)) problems.push(passwordMessages.email);
  else if (isCommonPassword(password)) problems.push(passwordMessages.common);
  return problems;
}

/**
 * A new password as a zod rule (length and common-password checks). The email check needs the
 * email next to it: use `passwordPair` or `refineNewPassword` on the object schema.
 */
export const newPassword = z
  .string({ error: m.required })
  .min(1, m.required)
  // Checked first and alone, so an oversized value is refused before the common-password checks.
  .max(passwordPolicy.maxLength, { error: passwordMessages.tooLong, abort: true })
  .superRefine((value, ctx) => {
    for (const message of checkPasswordPolicy(value)) ctx.addIssue({ code: 'custom', message });
  });

/** The confirmation field: required; equality is checked on the object (`refineNewPassword`). */
export const passwordConfirmation = z
  .string({ error: m.required })
  .min(1, m.required)
  .max(passwordPolicy.maxLength, m.maxlength);

interface PairKeys {
  password: string;
  confirm: string;
  email?: string;
}

/**
 * Object-level rules of a new password: not the email (when the object carries one, or `email`
 * is given for a known user) and the confirmation equal to it ('This value should be the same.').
 */
export function refineNewPassword<T extends Record<string, unknown>>(keys: PairKeys) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (typeof value !== 'object' || value === null) return;
    const password = value[keys.password];
    const confirm = value[keys.confirm];
    const email = keys.email ? value[keys.email] : undefined;
    if (typeof password !== 'string' || typeof confirm !== 'string') return;
    if (typeof email === 'string' && isEmailLike(password, email)) {
      ctx.addIssue({ code: 'custom', path: [keys.password], message: passwordMessages.email });
    }
    if (confirm !== '' && password !== confirm) {
      ctx.addIssue({ code: 'custom', path: [keys.confirm], message: m.equalto });
    }
  };
}

/**
 * Pass as the second argument of `.superRefine(refineNewPassword(...), checkAlways)` so the
 * confirmation and email rules report even while another field of the form is still wrong.
 */
export const checkAlways = { when: () => true } as const;
