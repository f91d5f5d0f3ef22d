import { z } from 'zod';

import { defineCall } from './call.ts';
import { email, passwordAttempt } from './fields.ts';
import { validationMessages as m } from './messages.ts';

export const tokenPayload = z.object({
  user_id: z.number().int(),
  uss_admin_level: z.number().int(),
  expires_at: z.number().int(),
});
export type TokenPayload = z.infer<typeof tokenPayload>;

export const tokenData = z.object({ token: z.string(), expires_at: z.number().int() });
export type TokenData = z.infer<typeof tokenData>;

export const credentials = z.object({ email, password: passwordAttempt });

const passcodeMessage = 'The passcode is the 6-digit code from your authenticator app.';
export const passcode = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(6, { error: passcodeMessage, abort: true })
  .regex(/^\d{6}$/, passcodeMessage);

export const authTexts = {
  recoveryCodeFormat: 'A recovery code is the 10 letters and digits from your list, like 7KQ2M-XW9RP.',
  recoveryCodeInvalid: 'The recovery code is incorrect or has already been used.',
} as const;

/** A recovery code as typed: spaces and hyphens do not count, nor does case (decision 130). */
export const recoveryCode = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(40, { error: authTexts.recoveryCodeFormat, abort: true })
  .regex(/^[\s-]*(?:[2-9A-HJ-NP-Za-hj-np-z][\s-]*){10}$/, authTexts.recoveryCodeFormat);

export const confirmUserPassword = defineCall({
  id: 'auth.confirmUserPassword',
  summary: 'Check email and password; tells whether a passcode step follows.',
  tag: 'auth',
  methods: ['POST'],
  path: '/auth/confirm-user-password',
  input: credentials,
  data: z.object({ two_factor_enabled: z.boolean() }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'INVALID_CREDENTIALS', 'EMAIL_NOT_VERIFIED', 'TOO_MANY_ATTEMPTS'],
  auth: { access: 'public' },
});

export const getToken = defineCall({
  id: 'auth.getToken',
  summary:
    'Sign in: email, password and, for two-factor users, the passcode or one of their recovery codes (each works once; the user is told by email). Returns the bearer token.',
  tag: 'auth',
  methods: ['POST'],
  path: '/auth/get-token',
  input: credentials.extend({ passcode: passcode.optional(), recovery_code: recoveryCode.optional() }),
  data: tokenData,
  codes: [
    'SUCCESS',
    'VALIDATION_ERROR',
    'INVALID_CREDENTIALS',
    'INVALID_PASSCODE',
    'TWO_FACTOR_AUTH_REQUIRED',
    'EMAIL_NOT_VERIFIED',
    'TOO_MANY_ATTEMPTS',
  ],
  auth: { access: 'public' },
});

export const signOutEverywhere = defineCall({
  id: 'auth.signOutEverywhere',
  summary:
    "Ends every session of the caller, this one included: every token issued so far stops working, and the caller's open live streams end.",
  tag: 'auth',
  methods: ['POST'],
  path: '/auth/sign-out-everywhere',
  input: z.object({}),
  data: z.null(),
  codes: ['SUCCESS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  // Ending one's sessions must never wait on accepting an agreement or turning on two-factor sign-in.
  auth: { access: 'user', exempt: ['legal', 'twoFactor'] },
});
