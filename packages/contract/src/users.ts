import { z } from 'zod';

import { defineCall } from './call.ts';

export const accountUser = z.object({ account_id: z.number().int(), is_account_admin: z.boolean() });

export const authenticatedUser = z.object({
  user_id: z.number().int(),
  email_nm: z.string(),
  first_nm: z.string(),
  last_nm: z.string(),
  two_factor_enabled: z.boolean(),
  uss_admin_level: z.number().int(),
  avatar: z.string().nullable(),
  accounts_users: z.array(accountUser),
});
export type AuthenticatedUser = z.infer<typeof authenticatedUser>;

export const getAuthenticatedUser = defineCall({
  id: 'users.getAuthenticatedUser',
  summary: 'The signed-in user with their account memberships.',
  tag: 'users',
  methods: ['GET'],
  path: '/users/get-authenticated-user',
  input: z.object({}),
  data: authenticatedUser,
  codes: ['SUCCESS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', exempt: ['legal', 'twoFactor'] },
});
