import type Stripe from 'stripe';

import type { Payment, PaymentOptions } from '@portal/contract';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { startStripeStandIn, stripeEnv, type StripeStandIn } from '../helpers/stripe-stand-in.ts';
import { batch, newToken } from '../integration/kit.ts';

/** The seeded app with Stripe configured against a local stand-in, and the fixtures the payment tests use. */
export interface PayKit {
  t: TestApp;
  stripe: StripeStandIn;
  /** admin@demo.test: administrator of 1000201 and 1000202, plain user of 1000203. */
  admin: string;
  /** dana.whitaker@globex-health.example: plain user of 1000201. */
  dana: string;
  /** customer@demo.test, of another company. */
  customer: string;
  feed: string;
  accountId: number;
  /** INV-PAY-1 of 1000201: 250.00, billed today, due in ten days, nothing paid. */
  invoiceId: number;
  close(): Promise<void>;
}

/** The day `days` from the test clock's today, 'YYYY-MM-DD'. */
export const day = (t: TestApp, days: number) => new Date(t.clock.now() + days * 86_400_000).toISOString().slice(0, 10);

export const envelope = (res: { body: { data: unknown; code: string; message: string } }) => res.body;

/** `overrides`: more settings of the app (e.g. SMTP_URL). */
export async function payKit(overrides: Record<string, string> = {}): Promise<PayKit> {
  const stripe = await startStripeStandIn({ now: () => kit.t.clock.now() });
  const t = await createTestApp({ ...stripeEnv(stripe), ...overrides });
  const kit = { t } as PayKit;
  const staff = await t.signIn(demoEmails.staff3);
  const feed = (await newToken(t, staff)).token;
  const fed = await batch(t, feed, 'invoices', [
    {
      invoice_number: 'INV-PAY-1',
      account_number: '1000201',
      bill_date: day(t, 0),
      due_date: day(t, 10),
      monthly_charges: '250.00',
      total_amt_due: '250.00',
    },
  ]);
  if (fed.results[0]?.status !== 'created') throw new Error(JSON.stringify(fed.body));
  const admin = await t.signIn(demoEmails.admin);
  const row = await t.db.one<{ account_id: number; cycle_log_id: number }>(
    `SELECT account_id, cycle_log_id FROM invoices WHERE invoice_number = 'INV-PAY-1'`,
  );
  Object.assign(kit, {
    stripe,
    admin,
    dana: await t.signIn('dana.whitaker@globex-health.example'),
    customer: await t.signIn(demoEmails.customer),
    feed,
    accountId: row!.account_id,
    invoiceId: row!.cycle_log_id,
    close: async () => {
      await t.close();
      await stripe.close();
    },
  });
  return kit;
}

export const options = async (k: PayKit, token: string, accountId = k.accountId) =>
  (await k.t.call('POST', '/api/payments/get-options', { token, body: { accountId } })).body.data as PaymentOptions;

export const checkout = (k: PayKit, token: string, body: Record<string, unknown>) =>
  k.t.call('POST', '/api/payments/start-checkout', {
    token,
    body: { accountId: k.accountId, currency: 'USD', ...body },
  });

/** Starts paying INV-PAY-1 (or `amount` of it) as the admin; answers the reference and the stand-in's session id. */
export async function startPaying(k: PayKit, amount = 250) {
  const res = await checkout(k, k.admin, { cycleLogId: k.invoiceId, amount });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  const { url, payment_reference } = res.body.data as { url: string; payment_reference: string };
  return { reference: payment_reference, sessionId: url.split('/').at(-1) as string };
}

/** Posts one event to the portal's webhook as Stripe would (signed now, unless told otherwise). */
export const deliver = (k: PayKit, event: Stripe.Event, options: { secret?: string; timestamp?: number } = {}) => {
  const { body, signature } = k.stripe.signed(event, options);
  return k.t.call('POST', '/api/payments/stripe/webhook', {
    body,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
};

/** Delivers every event the stand-in emitted since `from` (an index into its events); answers the new index. */
export async function deliverAll(k: PayKit, from = 0) {
  const pending = k.stripe.events.slice(from);
  for (const event of pending) {
    const res = await deliver(k, event);
    if (res.status !== 200) throw new Error(`${event.type}: ${JSON.stringify(res.body)}`);
  }
  return from + pending.length;
}

export const payment = async (k: PayKit, reference: string, token = k.admin) =>
  (await k.t.call('POST', '/api/payments/get-payment', { token, body: { accountId: k.accountId, reference } })).body
    .data as Payment;

export const invoice = async (k: PayKit) =>
  (
    await k.t.call('POST', '/api/invoices/get-invoice', {
      token: k.admin,
      body: { accountId: k.accountId, cycleLogId: k.invoiceId },
    })
  ).body.data as { amount_paid: number; status: string };

export const balance = async (k: PayKit) => {
  const rows = (await k.t.call('GET', '/api/invoices/get-balance-history', { token: k.admin })).body.data as {
    account_id: number;
    balance: number;
  }[];
  return rows.find((r) => r.account_id === k.accountId)!.balance;
};

/** The events feed's payment events (type and data), oldest first. */
export async function paymentEvents(k: PayKit) {
  const res = await k.t.call('GET', '/api/integration/v1/events?after=0&limit=1000', { token: k.feed });
  const events = (
    res.body.data as { events: { type: string; account_number: string; data: Record<string, unknown> }[] }
  ).events;
  return events.filter((e) => /^(payment|autopay)/.test(e.type));
}
