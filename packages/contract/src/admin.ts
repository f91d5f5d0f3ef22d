import { z } from 'zod';

import { tokenData } from './auth.ts';
import { defineCall } from './call.ts';
import { staffLevels } from './limits.ts';
import { paged, pageParam, sortOrder } from './envelope.ts';
import { reasonMaxLength } from './audit.ts';
import { email, id, requiredText, searchText } from './fields.ts';
import { validationMessages as m } from './messages.ts';
import { accessLevel } from './users.ts';

/**
 * Staff calls (spec core.md sections 6 and 7): each one names the minimum `uss_admin_level` the
 * server checks. Level 1 sees account access (user access only), above 1 may grant admin access,
 * 3 or more may sign in as a customer.
 */
export { staffLevels };

export const accountSortColumns = [
  'account_number',
  'name',
  'company_nm',
  'account_status_cd',
  'access_level',
] as const;

/** One row of the account-access list: the account and the staff member's own access to it. */
export const staffAccount = z.object({
  account_id: z.number().int(),
  account_number: z.string(),
  name: z.string(),
  company_nm: z.string(),
  is_active: z.boolean(),
  account_status_cd: z.string(),
  access_level: z.number().int(),
});
export type StaffAccount = z.infer<typeof staffAccount>;

export const findAccounts = defineCall({
  id: 'admin.findAccounts',
  summary: "A page of all accounts with the caller's own access level to each; search by account and by user.",
  tag: 'admin',
  methods: ['POST'],
  path: '/admin/find-accounts',
  input: z.object({
    page: pageParam,
    sort: z.enum(accountSortColumns, { error: m.type }).optional(),
    order: sortOrder.optional(),
    search: searchText,
    search_user: searchText,
  }),
  data: paged(staffAccount),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', staffLevel: staffLevels.accountAccess },
});

export const addAccount = defineCall({
  id: 'admin.addAccount',
  summary: "Sets the caller's own access to an account: 0 none, 1 user, 2 admin (admin needs level 2).",
  tag: 'admin',
  methods: ['POST'],
  path: '/admin/add-account',
  input: z.object({ accountId: id, accessLevel }),
  data: staffAccount,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', staffLevel: staffLevels.accountAccess },
});

export const clearAccounts = defineCall({
  id: 'admin.clearAccounts',
  summary: "Removes the caller's access to every account. Returns the ids removed.",
  tag: 'admin',
  methods: ['POST'],
  path: '/admin/clear-accounts',
  input: z.object({}),
  data: z.array(z.number().int()),
  codes: ['SUCCESS', 'FORBIDDEN', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', staffLevel: staffLevels.accountAccess },
});

export const getUser = defineCall({
  id: 'admin.getUser',
  summary: 'The email of any portal user.',
  tag: 'admin',
  methods: ['POST'],
  path: '/admin/get-user',
  input: z.object({ userId: id }),
  data: z.object({ user_id: z.number().int(), email_nm: z.string() }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', staffLevel: staffLevels.accountAccess },
});

export const getUserAccounts = defineCall({
  id: 'admin.getUserAccounts',
  summary: 'Gives the caller user access to every account of a user. Returns the ids newly added.',
  tag: 'admin',
  methods: ['POST'],
  path: '/admin/get-user-accounts',
  input: z.object({ userId: id }),
  data: z.array(z.number().int()),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', staffLevel: staffLevels.accountAccess },
});

export const getUserByEmail = defineCall({
  id: 'admin.getUserByEmail',
  summary: 'Finds a customer portal user by email, for signing in as them.',
  tag: 'admin',
  methods: ['POST'],
  path: '/admin/get-user-by-email',
  input: z.object({ email }),
  data: z.object({ user_id: z.number().int(), email_nm: z.string(), first_nm: z.string(), last_nm: z.string() }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', staffLevel: staffLevels.loginAsUser },
});

export const getTokenAsUser = defineCall({
  id: 'admin.getTokenAsUser',
  summary:
    "Signs the caller in as a customer: a token for that user naming the staff member (claim act). The staff member's reason is required; both go into the audit log of the user's accounts.",
  tag: 'admin',
  methods: ['POST'],
  path: '/admin/get-token-as-user',
  input: z.object({ userId: id, reason: requiredText(reasonMaxLength) }),
  data: tokenData,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', staffLevel: staffLevels.loginAsUser },
});

export const signOutUser = defineCall({
  id: 'admin.signOutUser',
  summary:
    "Ends every session of a customer (staff revocation): the user's tokens stop working and their open live streams end; they sign in again.",
  tag: 'admin',
  methods: ['POST'],
  path: '/admin/sign-out-user',
  input: z.object({ userId: id }),
  data: z.null(),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', staffLevel: staffLevels.loginAsUser },
});

export const loginAsUserRecord = z.object({
  audit_id: z.number().int(),
  staff_user_id: z.number().int().nullable(),
  staff_email: z.string(),
  user_id: z.number().int().nullable(),
  user_email: z.string(),
  ip_address: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.number().int(),
});
export type LoginAsUserRecord = z.infer<typeof loginAsUserRecord>;

export const getLoginAsUserAudit = defineCall({
  id: 'admin.getLoginAsUserAudit',
  summary: 'A page of the record of staff signing in as customers, newest first; search by either email.',
  tag: 'admin',
  methods: ['POST'],
  path: '/admin/get-login-as-user-audit',
  input: z.object({ page: pageParam, search: searchText }),
  data: paged(loginAsUserRecord),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', staffLevel: staffLevels.accountAccess },
});
