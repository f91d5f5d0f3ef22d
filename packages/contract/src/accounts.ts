import { z } from 'zod';

import { defineCall } from './call.ts';
import { id } from './fields.ts';
import { accountNumber, invoiceNumber } from './identity.ts';
import { messages, validationMessages as m } from './messages.ts';

export const account = z.object({
  account_id: z.number().int(),
  account_number: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  require_pin: z.boolean(),
  account_status_cd: z.string(),
  is_account_admin: z.boolean(),
  is_2fa_required: z.boolean(),
  /** The currency of every amount of the account (ISO 4217): its orders, invoices and payments. */
  currency: z.string(),
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

const accountIdList = (emptyMessage: string) =>
  z
    .array(z.object({ account_id: id }), { error: emptyMessage })
    .max(1000, m.maxlength)
    .transform((list) => [...new Set(list.map((item) => item.account_id))]);

export const addAccount = defineCall({
  id: 'accounts.addAccount',
  summary: 'Links a billing account to the caller, proven by its account number and one of its invoice numbers.',
  tag: 'accounts',
  methods: ['POST'],
  path: '/accounts/add-account',
  input: z.object({ account_number: accountNumber, invoice_number: invoiceNumber }),
  data: account,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'TOO_MANY_ATTEMPTS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});

export const removeAccounts = defineCall({
  id: 'accounts.removeAccounts',
  summary: "Removes accounts from the caller's own portal access. Returns the ids removed.",
  tag: 'accounts',
  methods: ['POST'],
  path: '/accounts/remove-accounts',
  input: z.object({
    accounts: accountIdList(messages.selectAccountToRemove).refine(
      (ids) => ids.length > 0,
      messages.selectAccountToRemove,
    ),
  }),
  data: z.array(z.number().int()),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', exempt: ['twoFactor'] },
});

/**
 * Two-factor requirement of the accounts the caller administers: the listed accounts require it,
 * every other administered account does not. Returns the ids that now require it.
 */
export const updateAccounts = defineCall({
  id: 'accounts.updateAccounts',
  summary: 'Sets which of the accounts the caller administers require two-factor sign-in.',
  tag: 'accounts',
  methods: ['POST'],
  path: '/accounts/update-accounts',
  input: z.object({ accounts: accountIdList(m.type).default([]) }),
  data: z.array(z.number().int()),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});
