import { z } from 'zod';

import { defineCall } from './call.ts';
import { id } from './fields.ts';
import { validationMessages as m } from './messages.ts';

/**
 * Compliance PINs (spec services.md sections 2, 4, 7): the caller's accounts that require a PIN.
 * Each row is the spec's Account entity (account_id, name, account_number, require_pin) with whether
 * a PIN is set beside it.
 */
export const accountPin = z.object({
  account_id: z.number().int(),
  name: z.string(),
  account_number: z.string(),
  require_pin: z.boolean(),
  /** False shows "No PIN" instead of the reset button. */
  has_pin: z.boolean(),
});
export type AccountPin = z.infer<typeof accountPin>;

export const getUserAccountsPins = defineCall({
  id: 'pins.getUserAccountsPins',
  summary: "The caller's accounts that require a compliance PIN, and whether each has one.",
  tag: 'pins',
  methods: ['POST'],
  path: '/pins/get-user-accounts-pins',
  input: z.object({}),
  data: z.array(accountPin),
  codes: ['SUCCESS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});

/** How long a PIN reset link works, and how many digits a PIN has. */
export const pinRules = { linkTtlSeconds: 60 * 60, digits: 6 } as const;

export const sendPinReset = defineCall({
  id: 'pins.sendPinReset',
  summary: 'Mails the caller a single-use, expiring link that resets the PIN of one of their accounts.',
  tag: 'pins',
  methods: ['POST'],
  path: '/pins/send-pin-reset',
  input: z.object({ accountId: id }),
  data: z.object({ account_id: z.number().int() }),
  codes: [
    'SUCCESS',
    'VALIDATION_ERROR',
    'NOT_FOUND',
    'TOO_MANY_ATTEMPTS',
    'MAIL_FAILED',
    'INVALID_TOKEN',
    'EXPIRED_TOKEN',
  ],
  auth: { access: 'user' },
});

export const resetPin = defineCall({
  id: 'pins.resetPin',
  summary: 'Uses a PIN reset link: a new PIN is generated, stored hashed and shown this once.',
  tag: 'pins',
  methods: ['POST'],
  path: '/pins/reset-pin',
  input: z.object({
    reset_key: z.string({ error: m.required }).trim().min(1, m.required).max(200, m.maxlength),
    account_id: id,
  }),
  data: z.object({ account_id: z.number().int(), account_number: z.string(), name: z.string(), pin: z.string() }),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'TOO_MANY_ATTEMPTS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});
