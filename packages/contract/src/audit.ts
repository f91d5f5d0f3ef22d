import { z } from 'zod';

import { defineCall } from './call.ts';
import { epochSeconds, paged, pageParam } from './envelope.ts';
import { id, optionalId } from './fields.ts';
import { isoDate } from './integration-items.ts';
import { validationMessages as m } from './messages.ts';

/**
 * The account's audit log (issue 32, decision 133): who did what and when on an account. Its
 * administrators read it (a plain user is FORBIDDEN, another company's account NOT_FOUND); staff read
 * any account's. Every kind is recorded where its action happens, in the action's transaction.
 */

/** Every kind of entry, with the label the log shows. */
export const kindLabels = {
  sign_in: 'Signed in',
  'profile.changed': 'Profile changed',
  'password.changed': 'Password changed',
  'two_factor.enabled': 'Two-factor turned on',
  'two_factor.disabled': 'Two-factor turned off',
  'recovery_codes.replaced': 'Recovery codes replaced',
  'user.invited': 'User invited',
  'user.added': 'User added',
  'user.access_changed': 'User access changed',
  'user.removed': 'User removed',
  'account.two_factor_requirement': 'Two-factor requirement changed',
  payment: 'Payment',
  'payment_method.changed': 'Payment method changed',
  'autopay.changed': 'Autopay changed',
  'order.alias_changed': 'Alias changed',
  'pin.reset': 'PIN reset',
  'ticket.created': 'Ticket created',
  'ticket.updated': 'Ticket updated',
  'integration.changed': 'Changed by the provider',
  'staff.access_changed': 'Staff access changed',
  'staff.signed_in_as': 'Staff signed in as user',
  'api_token.call': 'API token call',
} as const;
export type AuditKind = keyof typeof kindLabels;
export const kinds = Object.keys(kindLabels) as [AuditKind, ...AuditKind[]];

/** Entries a page of the log shows. */
export const perPage = 25;

/** How many characters a staff member's reason for signing in as a user may have. */
export const reasonMaxLength = 500;

export const auditEntry = z.object({
  id: z.number().int(),
  occurred_at: epochSeconds,
  kind: z.enum(kinds),
  /** The portal user who acted (or signed in); null for staff acting alone, a token or the provider. */
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  user_email: z.string().nullable(),
  /** The staff member who acted, as themself or signed in as the user. */
  staff_name: z.string().nullable(),
  /** The reason a staff member typed to sign in as the user. */
  reason: z.string().nullable(),
  token_name: z.string().nullable(),
  /** The call a token made (its contract id). */
  call_id: z.string().nullable(),
  address: z.string().nullable(),
  /** What it concerns: another user's email, an order or ticket number, an invoice. */
  subject: z.string().nullable(),
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** The filters of the log, shared by the page and the CSV export. */
export const filters = z.object({
  account_id: id,
  user_id: optionalId,
  kind: z.preprocess((value) => (value === '' ? undefined : value), z.enum(kinds, { error: m.type }).optional()),
  from: z.preprocess((value) => (value === '' ? undefined : value), isoDate.optional()),
  to: z.preprocess((value) => (value === '' ? undefined : value), isoDate.optional()),
});
export type AuditFilters = z.infer<typeof filters>;

/** The answer, on `to`, when the dates are the wrong way round. */
export const toBeforeFrom = 'This value should be on or after the From date.';
/** Whether the filters' days are in order (both included, so one day is `from` = `to`). */
export const datesInOrder = (f: Pick<AuditFilters, 'from' | 'to'>) => !f.from || !f.to || f.from <= f.to;
const inOrder = { message: toBeforeFrom, path: ['to'] };

const codes = ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'] as const;

export const getEntries = defineCall({
  id: 'audit.getEntries',
  summary:
    "A page of an account's audit log, newest first: for its administrators and staff; filters by user, kind and UTC dates (from and to included).",
  tag: 'audit',
  methods: ['GET'],
  path: '/audit/get-entries',
  input: filters.extend({ page: pageParam }).refine(datesInOrder, inOrder),
  data: paged(auditEntry),
  codes: [...codes],
  auth: { access: 'user' },
});

export const getEntryUsers = defineCall({
  id: 'audit.getEntryUsers',
  summary: "The portal users who appear in an account's audit log, for its user filter.",
  tag: 'audit',
  methods: ['GET'],
  path: '/audit/get-entry-users',
  input: z.object({ account_id: id }),
  data: z.array(z.object({ user_id: z.number().int(), name: z.string() })),
  codes: [...codes],
  auth: { access: 'user' },
});

export const csvColumns = [
  'When (UTC)',
  'Kind',
  'User',
  'User email',
  'Staff member',
  'Reason',
  'API token',
  'Call',
  'Address',
  'Subject',
  'Detail',
] as const;

/** audit-log-{account number}.csv */
export const csvFileName = (accountNumber: string) => `audit-log-${accountNumber}.csv`;

export const exportEntries = defineCall({
  id: 'audit.exportEntries',
  summary: "The account's audit log with the same filters, every matching entry, newest first, as CSV (RFC 4180).",
  tag: 'audit',
  methods: ['GET'],
  path: '/audit/export-entries',
  input: filters.refine(datesInOrder, inOrder),
  data: null,
  binary: 'text/csv',
  codes: [...codes],
  auth: { access: 'user' },
});
