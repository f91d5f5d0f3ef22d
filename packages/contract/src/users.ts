import { z } from 'zod';

import { defineCall } from './call.ts';
import { paged, pageParam, sortOrder } from './envelope.ts';
import { email, id, perPage, requiredText, searchText } from './fields.ts';
import { pageSizes } from './limits.ts';
import { messages, validationMessages as m } from './messages.ts';

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

/** Access to one account (spec core.md section 3): 0 none, 1 user, 2 administrator. */
export const accessLevels = { none: 0, user: 1, admin: 2 } as const;
export type AccessLevel = (typeof accessLevels)[keyof typeof accessLevels];
export const accessLevelLabels: Record<AccessLevel, string> = { 0: 'None', 1: 'User', 2: 'Admin' };

export const accessLevel = z.coerce
  .number({ error: m.integer })
  .int(m.integer)
  .min(0, m.min(0))
  .max(2, m.max(2))
  .transform((value) => value as AccessLevel);

export const accountAccess = z.object({ account_id: id, access_level: accessLevel });
export type AccountAccess = z.infer<typeof accountAccess>;

/** Access levels for a user: every account once, and at least one with access other than none. */
export const accountAccessList = z
  .array(accountAccess, { error: messages.userNeedsAccount })
  .max(1000, m.maxlength)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    for (const item of list) {
      if (seen.has(item.account_id)) ctx.addIssue({ code: 'custom', message: 'Each account may be listed only once.' });
      seen.add(item.account_id);
    }
    if (!list.some((item) => item.access_level !== accessLevels.none)) {
      ctx.addIssue({ code: 'custom', message: messages.userNeedsAccount });
    }
  });

/** A portal user as an account administrator sees them: memberships only in accounts the viewer belongs to. */
export const portalUser = z.object({
  user_id: z.number().int(),
  email_nm: z.string(),
  first_nm: z.string(),
  last_nm: z.string(),
  two_factor_enabled: z.boolean(),
  email_verified: z.boolean(),
  accounts_users: z.array(accountUser),
});
export type PortalUser = z.infer<typeof portalUser>;

export const userSortColumns = ['email_nm', 'first_nm', 'last_nm'] as const;

const userIdParam = z.object({ userId: id });

export const getUsers = defineCall({
  id: 'users.getUsers',
  summary:
    'A page of the portal users who belong to an account the caller administers (with an API token: to one of its accounts, read-only).',
  tag: 'users',
  methods: ['GET'],
  path: '/users/get-users',
  input: z.object({
    page: pageParam,
    perPage: perPage(pageSizes.users),
    search: searchText,
    sort: z.enum(userSortColumns, { error: m.type }).optional(),
    order: sortOrder.optional(),
  }),
  data: paged(portalUser),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'users:read' },
});

export const getUser = defineCall({
  id: 'users.getUser',
  summary: 'One portal user of an account the caller administers (with an API token: of one of its accounts).',
  tag: 'users',
  methods: ['GET'],
  path: '/users/get-user/:userId',
  input: userIdParam,
  data: portalUser,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'users:read' },
});

/** The spec lists GET; POST is accepted too (and is what the app sends, since it changes data). */
export const deleteUser = defineCall({
  id: 'users.deleteUser',
  summary: 'Removes a user from every account the caller administers. Returns the account ids removed.',
  tag: 'users',
  methods: ['POST', 'GET'],
  path: '/users/delete-user/:userId',
  input: z.object({
    userId: z.coerce
      .number({ error: messages.userIdInvalid })
      .int(messages.userIdInvalid)
      .positive(messages.userIdInvalid)
      .max(2147483647, messages.userIdInvalid),
  }),
  data: z.object({ account_ids: z.array(z.number().int()) }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});

export const updateUser = defineCall({
  id: 'users.updateUser',
  summary: "Sets a user's access level on accounts the caller administers (accounts not listed keep theirs).",
  tag: 'users',
  methods: ['POST'],
  path: '/users/update-user',
  input: z.object({ userId: id, accounts: accountAccessList }),
  data: portalUser,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});

/** Who is invited to which accounts (decision 084): the person accepts before any access applies. */
const invitationCodes = [
  'SUCCESS',
  'VALIDATION_ERROR',
  'FORBIDDEN',
  'NOT_FOUND',
  'INVALID_TOKEN',
  'EXPIRED_TOKEN',
] as const;

export const addExistingUserInput = z.object({ email_nm: email, accounts: accountAccessList });

export const addExistingUser = defineCall({
  id: 'users.addExistingUser',
  summary:
    'Invites the portal user of an email to accounts the caller administers, at the chosen levels; the access applies when they accept the mailed link. An address without a portal user is invited to create one. The answer is the same either way (it never tells whether the address has a portal user).',
  tag: 'users',
  methods: ['POST'],
  path: '/users/add-existing-user',
  input: addExistingUserInput,
  data: z.null(),
  codes: invitationCodes,
  auth: { access: 'user' },
});

export const addNewUserInput = z.object({
  email_nm: email,
  first_nm: requiredText(100),
  last_nm: requiredText(100),
  accounts: accountAccessList,
});

export const addNewUser = defineCall({
  id: 'users.addNewUser',
  summary:
    'Invites a person to accounts the caller administers: they set their own password with the mailed link (single use, 7 days), and the access applies then. An address that already has a portal user is asked to accept the access instead. The answer is the same either way; the message says when the email could not be sent.',
  tag: 'users',
  methods: ['POST'],
  path: '/users/add-new-user',
  input: addNewUserInput,
  data: z.null(),
  codes: invitationCodes,
  auth: { access: 'user' },
});

/** A pending invitation as an administrator sees it: only the accounts they administer. */
export const pendingInvitation = z.object({
  invitation_id: z.number().int(),
  email_nm: z.string(),
  first_nm: z.string().nullable(),
  last_nm: z.string().nullable(),
  created_at: z.number().int(),
  expires_at: z.number().int(),
  accounts_users: z.array(accountUser),
});
export type PendingInvitation = z.infer<typeof pendingInvitation>;

export const getInvitations = defineCall({
  id: 'users.getInvitations',
  summary:
    'A page of the pending invitations (not yet accepted, cancelled or expired) to accounts the caller administers.',
  tag: 'users',
  methods: ['GET'],
  path: '/users/get-invitations',
  input: z.object({ page: pageParam, perPage: perPage(pageSizes.users) }),
  data: paged(pendingInvitation),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});

export const cancelInvitation = defineCall({
  id: 'users.cancelInvitation',
  summary:
    'Withdraws a pending invitation from the accounts the caller administers (the link stops working once it grants nothing). Returns the account ids withdrawn.',
  tag: 'users',
  methods: ['POST'],
  path: '/users/cancel-invitation/:invitationId',
  input: z.object({ invitationId: id }),
  data: z.object({ account_ids: z.array(z.number().int()) }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});

/** Sends a password reset to another user ('for another user's reset the email is in the path'). */
export const sendPasswordReset = defineCall({
  id: 'users.sendPasswordReset',
  summary: 'Sends a password-reset message to a user of an account the caller administers.',
  tag: 'users',
  methods: ['POST'],
  path: '/auth/forgot-password/:email',
  input: z.object({ email }),
  data: z.null(),
  codes: [
    'SUCCESS',
    'VALIDATION_ERROR',
    'NOT_FOUND',
    'MAIL_FAILED',
    'TOO_MANY_ATTEMPTS',
    'INVALID_TOKEN',
    'EXPIRED_TOKEN',
  ],
  auth: { access: 'user' },
});
