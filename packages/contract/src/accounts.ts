import { z } from 'zod';

import { defineCall } from './call.ts';

export const account = z.object({
  account_id: z.number().int(),
  account_number: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  require_pin: z.boolean(),
  account_status_cd: z.string(),
  is_account_admin: z.boolean(),
  is_2fa_required: z.boolean(),
});
export type Account = z.infer<typeof account>;

export const getAccounts = defineCall({
  id: 'accounts.getAccounts',
  summary: "The caller's billing accounts, with their admin flag on each.",
  tag: 'accounts',
  methods: ['GET'],
  path: '/accounts/get-accounts',
  input: z.object({}),
  data: z.array(account),
  codes: ['SUCCESS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', exempt: ['legal', 'twoFactor'] },
});
