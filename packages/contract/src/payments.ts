import { z } from 'zod';

import { defineCall } from './call.ts';
import { epochSeconds, paged, pageParam } from './envelope.ts';
import { id, optionalId, requiredText } from './fields.ts';
import { validationMessages as m } from './messages.ts';

/**
 * Online payments (issue 30, decision 127): invoices paid through the provider's hosted page, saved
 * methods and autopay. Without a payment provider configured none of these calls answers anything but
 * NOT_FOUND (getStatus says so), and the app shows nothing about payments.
 */

/**
 * A payment the portal took or tried: open (the hosted page is waiting), processing (taken, the provider
 * has not confirmed yet), requires_action (the customer must finish it, e.g. 3-D Secure), succeeded,
 * failed, canceled (the hosted page expired unpaid), refunded, disputed.
 */
export const paymentStatuses = [
  'open',
  'processing',
  'requires_action',
  'succeeded',
  'failed',
  'canceled',
  'refunded',
  'disputed',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** How each status reads on the pages. */
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  open: 'Waiting for payment',
  processing: 'Payment processing',
  requires_action: 'Needs your action',
  succeeded: 'Paid',
  failed: 'Failed',
  canceled: 'Canceled',
  refunded: 'Refunded',
  disputed: 'Disputed',
};

export const paymentTexts = {
  notAvailable: 'Online payments are not available.',
  noPayment: 'No payment found.',
  actorCannotPay: 'Staff signed in as the customer cannot make payments or change payment methods.',
  adminsOnly: "Only the account's administrators can change its payment methods and autopay.",
  nothingOpen: 'Nothing is open on this invoice.',
  nothingToPay: 'This account has no balance to pay.',
  noDefaultMethod: 'Add a payment method before turning on autopay.',
  wrongCurrency: (currency: string) => `Payments of this account are in ${currency}.`,
  minimum: (amount: string) => `The amount must be at least ${amount}.`,
  maximum: (amount: string) => `The amount cannot be more than ${amount}, what is open.`,
  decimals: (digits: number) =>
    digits === 0 ? 'The amount cannot have decimals.' : `The amount can have at most ${digits} decimals.`,
  providerFailed: 'The payment provider could not be reached. Please try again later.',
  /** What the return page says under each outcome. */
  outcome: {
    open: 'The payment page has not been completed. Go back to it, or start again.',
    processing:
      'We have your payment and it counts already; the bank is still confirming it. You will receive a receipt by email.',
    requires_action: 'Your bank needs you to confirm this payment. Pay again to finish it.',
    succeeded: 'Thank you. Your payment has been received; a receipt is on its way by email.',
    failed: 'The payment did not go through and nothing was charged. Try again, or use another payment method.',
    canceled: 'The payment page expired before it was completed; nothing was charged. Start again when you are ready.',
    refunded: 'This payment has been refunded.',
    disputed: 'This payment is disputed with your bank. Contact billing if this is unexpected.',
  } satisfies Record<PaymentStatus, string>,
} as const;

/** The currency's decimals (2 for dollars and euros, 0 for yen): amounts have at most these. */
export const currencyDecimals = (currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** Autopay: off, or charge the default method this many days (0 = on the due date) before each new invoice is due. */
export const maxAutopayDaysBefore = 28;

export const payment = z.object({
  payment_reference: z.string(),
  account_id: z.number().int(),
  account_number: z.string(),
  cycle_log_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  amount: z.number(),
  amount_refunded: z.number(),
  currency: z.string(),
  status: z.enum(paymentStatuses),
  autopay: z.boolean(),
  /** Who counts it now: the portal (until billing sends it), billing, or nobody (not taken, failed, refunded). */
  recorded_by: z.enum(['portal', 'billing']).nullable(),
  failure_message: z.string().nullable(),
  created_at: epochSeconds,
  updated_at: epochSeconds,
});
export type Payment = z.infer<typeof payment>;

export const paymentMethod = z.object({
  method_id: z.number().int(),
  /** The provider's type: card, sepa_debit, us_bank_account, ... */
  kind: z.string(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  exp_month: z.number().int().nullable(),
  exp_year: z.number().int().nullable(),
  bank_name: z.string().nullable(),
  is_default: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const openInvoice = z.object({
  cycle_log_id: z.number().int(),
  invoice_number: z.string(),
  due_date: z.string(),
  open_amount: z.number(),
});

export const paymentOptions = z.object({
  account_id: z.number().int(),
  account_number: z.string(),
  account_name: z.string(),
  currency: z.string(),
  /** The account's balance (what the balance history shows), and the least one payment may be. */
  balance: z.number(),
  minimum_amount: z.number(),
  /** The account's invoices with something open, oldest due first. */
  open_invoices: z.array(openInvoice),
  can_pay: z.boolean(),
  can_manage: z.boolean(),
  /** Why the caller cannot pay or manage (staff signed in as the customer, not an administrator), if so. */
  reason: z.string().nullable(),
  autopay: z.object({ enabled: z.boolean(), days_before: z.number().int() }),
  methods: z.array(paymentMethod),
});
export type PaymentOptions = z.infer<typeof paymentOptions>;

const userCodes = ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'] as const;
const changeCodes = [...userCodes, 'FORBIDDEN', 'SERVICE_UNAVAILABLE'] as const;

/** An amount in the account's currency, as typed: at most its currency's decimals (checked by the server). */
const amountField = z.coerce
  .number({ error: m.number })
  .refine((v) => Number.isFinite(v), m.number)
  .min(0.000001, m.min(0))
  .max(999_999_999_999.99, m.max(999_999_999_999.99));

export const getStatus = defineCall({
  id: 'payments.getStatus',
  summary: 'Whether online payments are available (a payment provider is configured).',
  tag: 'payments',
  methods: ['GET', 'POST'],
  path: '/payments/get-status',
  input: z.object({}),
  data: z.object({ enabled: z.boolean(), provider: z.string().nullable() }),
  codes: ['SUCCESS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});

export const getOptions = defineCall({
  id: 'payments.getOptions',
  summary:
    'What the caller may pay on one of their accounts: its balance and open invoices, the amount limits, the saved methods and autopay, and whether they may pay or manage.',
  tag: 'payments',
  methods: ['POST'],
  path: '/payments/get-options',
  input: z.object({
    accountId: id,
    /** The setup page's session the customer came back from: its method is saved now if no event saved it yet. */
    setupSession: z
      .string()
      .trim()
      .max(255, m.maxlength)
      // A provider's session id is letters, digits and underscores (Stripe's cs_…); anything else names none.
      .regex(/^\w+$/, m.type)
      .optional(),
  }),
  data: paymentOptions,
  codes: userCodes,
  auth: { access: 'user' },
});

export const startCheckout = defineCall({
  id: 'payments.startCheckout',
  summary:
    "Starts a payment on the provider's hosted page: an invoice's open amount (or less), or toward the account's balance. " +
    'Answers the page to send the customer to.',
  tag: 'payments',
  methods: ['POST'],
  path: '/payments/start-checkout',
  input: z.object({
    accountId: id,
    cycleLogId: optionalId,
    amount: amountField,
    currency: requiredText(3),
  }),
  data: z.object({ url: z.string(), payment_reference: z.string() }),
  codes: changeCodes,
  auth: { access: 'user' },
});

export const getPayment = defineCall({
  id: 'payments.getPayment',
  summary: "One payment of one of the caller's accounts, by its reference (the return page reads it).",
  tag: 'payments',
  methods: ['POST'],
  path: '/payments/get-payment',
  input: z.object({ accountId: id, reference: requiredText(64) }),
  data: payment,
  codes: userCodes,
  auth: { access: 'user' },
});

export const getPayments = defineCall({
  id: 'payments.getPayments',
  summary: 'The payments the portal took or tried for one account, newest first, with their status.',
  tag: 'payments',
  methods: ['POST'],
  path: '/payments/get-payments',
  input: z.object({ accountId: id, page: pageParam }),
  data: paged(payment),
  codes: userCodes,
  auth: { access: 'user' },
});

export const getActions = defineCall({
  id: 'payments.getActions',
  summary:
    "Payments of the caller's accounts that need the customer (confirmation or a failed automatic charge) on invoices still open.",
  tag: 'payments',
  methods: ['GET', 'POST'],
  path: '/payments/get-actions',
  input: z.object({}),
  data: z.array(payment),
  codes: ['SUCCESS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});

export const startSetup = defineCall({
  id: 'payments.startSetup',
  summary: "Starts saving a payment method on the provider's hosted page (administrators). Answers the page.",
  tag: 'payments',
  methods: ['POST'],
  path: '/payments/start-setup',
  input: z.object({ accountId: id }),
  data: z.object({ url: z.string() }),
  codes: changeCodes,
  auth: { access: 'user' },
});

export const setDefaultMethod = defineCall({
  id: 'payments.setDefaultMethod',
  summary: "Makes a saved method the account's default, the one autopay charges (administrators).",
  tag: 'payments',
  methods: ['POST'],
  path: '/payments/set-default-method',
  input: z.object({ accountId: id, methodId: id }),
  data: z.array(paymentMethod),
  codes: changeCodes,
  auth: { access: 'user' },
});

export const removeMethod = defineCall({
  id: 'payments.removeMethod',
  summary: 'Removes a saved method, at the provider too (administrators). Autopay stops when its default method goes.',
  tag: 'payments',
  methods: ['POST'],
  path: '/payments/remove-method',
  input: z.object({ accountId: id, methodId: id }),
  data: z.array(paymentMethod),
  codes: changeCodes,
  auth: { access: 'user' },
});

export const setAutopay = defineCall({
  id: 'payments.setAutopay',
  summary:
    'Turns autopay off, or on: the default method is charged for each new invoice on its due date or a chosen number of days before (administrators).',
  tag: 'payments',
  methods: ['POST'],
  path: '/payments/set-autopay',
  input: z.object({
    accountId: id,
    enabled: z.boolean({ error: m.type }),
    days_before: z.coerce
      .number({ error: m.integer })
      .int(m.integer)
      .min(0, m.min(0))
      .max(maxAutopayDaysBefore, m.max(maxAutopayDaysBefore))
      .default(0),
  }),
  data: z.object({ enabled: z.boolean(), days_before: z.number().int() }),
  codes: changeCodes,
  auth: { access: 'user' },
});

export const stripeWebhook = defineCall({
  id: 'payments.stripeWebhook',
  summary:
    "Stripe's events (checkout, payment intents, refunds, disputes, setup). The Stripe-Signature header is verified; each event is applied once.",
  tag: 'payments',
  methods: ['POST'],
  path: '/payments/stripe/webhook',
  input: z.object({}),
  data: z.object({ received: z.boolean() }),
  codes: ['SUCCESS', 'BAD_REQUEST', 'NOT_FOUND'],
  auth: { access: 'public' },
});
