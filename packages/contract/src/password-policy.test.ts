import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { validationMessages as m } from './messages.ts';
import {
  checkPasswordPolicy,
  newPassword,
  passwordConfirmation,
  passwordMessages,
  refineNewPassword,
} from './password-policy.ts';

describe('checkPasswordPolicy', () => {
  it('accepts a long, uncommon password (the demo password too)', () => {
    expect(checkPasswordPolicy('Portal-Demo-1')).toEqual([]);
    expect(checkPasswordPolicy('correct horse battery staple', 'casey@example.com')).toEqual([]);
  });

  it('needs at least 12 and at most 128 characters', () => {
    expect(checkPasswordPolicy('Short-pass1')).toEqual([passwordMessages.tooShort]);
    expect(checkPasswordPolicy('x'.repeat(129) + 'Yz9')).toContain(passwordMessages.tooLong);
    expect(checkPasswordPolicy('')).toEqual([m.required]);
  });

  it('refuses common passwords, also decorated with digits and symbols or doubled', () => {
    for (const pw of [
      'passwordpassword',
      'Password1234!',
      '!!Sunshine2024',
      '123456789012',
      'monkeymonkey',
      'QWERTYUIOP123',
    ]) {
      expect(checkPasswordPolicy(pw), pw).toEqual([passwordMessages.common]);
    }
  });

  it('refuses the email address and its name part', () => {
    expect(checkPasswordPolicy('jane.doe@example.com', 'Jane.Doe@example.com')).toEqual([passwordMessages.email]);
    expect(checkPasswordPolicy('jane.doe.smith', 'jane.doe.smith@example.com')).toEqual([passwordMessages.email]);
    expect(checkPasswordPolicy('jane.doe.smith2024!', 'jane.doe.smith@example.com')).toEqual([passwordMessages.email]);
  });
});

describe('zod rules', () => {
  const form = z
    .object({ email: z.string(), passwd: newPassword, confirm: passwordConfirmation })
    .superRefine(refineNewPassword({ password: 'passwd', confirm: 'confirm', email: 'email' }));

  it('reports each broken rule on its field', () => {
    const result = form.safeParse({
      email: 'someone.long@example.com',
      passwd: 'someone.long@example.com',
      confirm: 'other',
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['passwd', passwordMessages.email],
      ['confirm', m.equalto],
    ]);
  });

  it('passes a good pair', () => {
    expect(
      form.safeParse({ email: 'a@b.example', passwd: 'Tangerine-Orbit-42', confirm: 'Tangerine-Orbit-42' }).success,
    ).toBe(true);
  });
});
