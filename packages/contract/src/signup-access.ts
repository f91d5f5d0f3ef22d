import { z } from 'zod';

import { staffLevels } from './admin.ts';
import { defineCall } from './call.ts';
import { epochSeconds, paged, pageParam } from './envelope.ts';
import { searchText } from './fields.ts';
import { validationMessages as m } from './messages.ts';

/**
 * Signing up with an account number and an invoice number (both printed on every invoice) gives
 * the new user access to the account's billing. Every administrator of the account is told at once,
 * with a link that removes that access in one click; staff see every such grant.
 */
export const revokeKey = z
  .string({ error: m.required })
  .trim()
  .min(1, m.required)
  .max(64, m.maxlength)
  .regex(/^[A-Za-z0-9_-]+$/, m.type);

export const signupAccessGrant = z.object({
  grant_id: z.number().int(),
  account_number: z.string(),
  account_name: z.string(),
  email_nm: z.string(),
  first_nm: z.string(),
  last_nm: z.string(),
  created_at: epochSeconds,
  notified: z.number().int(),
  revoked_at: epochSeconds.nullable(),
  revoked_by: z.string().nullable(),
});
export type SignupAccessGrant = z.infer<typeof signupAccessGrant>;

export const texts = {
  revoked: 'Their access to the account is removed.',
  alreadyRevoked: 'Their access to the account was already removed.',
  linkInvalid: 'This link is not valid.',
} as const;

export const getSignupAccess = defineCall({
  id: 'signupAccess.get',
  summary: 'The access a sign-up by invoice gave, as named by the link mailed to the account administrators.',
  tag: 'identity',
  methods: ['GET'],
  path: '/users/signup-access/:key',
  input: z.object({ key: revokeKey }),
  data: signupAccessGrant,
  codes: ['SUCCESS', 'NOT_FOUND', 'VALIDATION_ERROR', 'TOO_MANY_ATTEMPTS'],
  auth: { access: 'public' },
});

export const revokeSignupAccess = defineCall({
  id: 'signupAccess.revoke',
  summary: "Removes a sign-up's access to the account (the link mailed to its administrators).",
  tag: 'identity',
  methods: ['POST'],
  path: '/users/revoke-signup-access',
  input: z.object({ key: revokeKey }),
  data: signupAccessGrant,
  codes: ['SUCCESS', 'NOT_FOUND', 'VALIDATION_ERROR', 'TOO_MANY_ATTEMPTS'],
  auth: { access: 'public' },
});

export const getSignupAccessGrants = defineCall({
  id: 'admin.getSignupAccessGrants',
  summary: 'A page of the access given by sign-ups with an invoice, newest first; search by email or account.',
  tag: 'admin',
  methods: ['POST'],
  path: '/admin/get-signup-access-grants',
  input: z.object({ page: pageParam, search: searchText }),
  data: paged(signupAccessGrant),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', staffLevel: staffLevels.accountAccess },
});

export const grantsPageSize = 20;
