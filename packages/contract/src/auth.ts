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
  summary: 'Sign in: email, password and, for two-factor users, the passcode. Returns the bearer token.',
  tag: 'auth',
  methods: ['POST'],
  path: '/auth/get-token',
  input: credentials.extend({ passcode: passcode.optional() }),
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
