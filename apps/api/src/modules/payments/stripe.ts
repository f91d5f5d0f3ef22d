import Stripe from 'stripe';

import type { Env } from '../../config/env.ts';
import {
  InvalidEvent,
  type PaymentChange,
  type PaymentProvider,
  type ProviderEvent,
  type SavedMethod,
} from './provider.ts';

/**
 * Stripe's minimum charge per currency (docs.stripe.com/currencies#minimum-and-maximum-charge-amounts),
 * in major units; a currency not listed takes 0.50.
 */
const stripeMinimums: Record<string, number> = {
  USD: 0.5,
  AED: 2,
  AUD: 0.5,
  BGN: 1,
  BRL: 0.5,
  CAD: 0.5,
  CHF: 0.5,
  CZK: 15,
  DKK: 2.5,
  EUR: 0.5,
  GBP: 0.3,
  HKD: 4,
  HUF: 175,
  INR: 0.5,
  JPY: 50,
  MXN: 10,
  MYR: 2,
  NOK: 3,
  NZD: 0.5,
  PLN: 2,
  RON: 2,
  SEK: 3,
  SGD: 0.5,
  THB: 10,
};

/** Stripe's answer to a request, read where its id may be an id or an expanded object. */
const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? undefined : typeof value === 'string' ? value : value.id;

/** The checkout session's payment, as a change: paid, or taken and waiting for an async method's bank. */
function sessionChange(session: Stripe.Checkout.Session): PaymentChange | null {
  if (session.mode !== 'payment') return null;
  const ids = {
    sessionRef: session.id,
    ...(session.metadata?.payment_reference ? { reference: session.metadata.payment_reference } : {}),
    ...(idOf(session.payment_intent) ? { intentRef: idOf(session.payment_intent) as string } : {}),
  };
  if (session.status === 'expired') return { ...ids, status: 'canceled' };
  if (session.status !== 'complete') return { ...ids, status: 'open' };
  return { ...ids, status: session.payment_status === 'paid' ? 'succeeded' : 'processing' };
}

function intentChange(intent: Stripe.PaymentIntent, status: PaymentChange['status']): PaymentChange {
  return {
    intentRef: intent.id,
    status,
    ...(intent.metadata?.payment_reference ? { reference: intent.metadata.payment_reference } : {}),
    ...(idOf(intent.latest_charge) ? { chargeRef: idOf(intent.latest_charge) as string } : {}),
    ...(intent.last_payment_error?.message ? { failureMessage: intent.last_payment_error.message } : {}),
  };
}

const intentStatus = (intent: Stripe.PaymentIntent): PaymentChange['status'] =>
  intent.status === 'succeeded'
    ? 'succeeded'
    : intent.status === 'processing'
      ? 'processing'
      : intent.status === 'requires_action' || intent.status === 'requires_confirmation'
        ? 'requires_action'
        : intent.status === 'canceled'
          ? 'canceled'
          : 'failed';

function methodOf(method: Stripe.PaymentMethod, customerRef: string): SavedMethod {
  return {
    customerRef,
    methodRef: method.id,
    kind: method.type,
    brand: method.card?.brand ?? null,
    last4: method.card?.last4 ?? method.sepa_debit?.last4 ?? method.us_bank_account?.last4 ?? null,
    expMonth: method.card?.exp_month ?? null,
    expYear: method.card?.exp_year ?? null,
    bankName: method.us_bank_account?.bank_name ?? method.sepa_debit?.bank_code ?? null,
  };
}

/** Stripe behind the provider interface: Checkout for every page, PaymentIntents for autopay. */
export function stripeProvider(env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>) {
  const api = new URL(env.STRIPE_API_URL);
  const stripe = new Stripe(env.STRIPE_SECRET_KEY as string, {
    host: api.hostname,
    protocol: api.protocol === 'http:' ? 'http' : 'https',
    ...(api.port ? { port: Number(api.port) } : {}),
    telemetry: false,
    maxNetworkRetries: 2,
  });
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET as string;

  const provider: PaymentProvider = {
    name: 'stripe',
    minimumAmount: (currency) => stripeMinimums[currency] ?? 0.5,

    async createCustomer({ accountNumber, name }) {
      const customer = await stripe.customers.create(
        { name, metadata: { account_number: accountNumber } },
        { idempotencyKey: `customer-${accountNumber}` },
      );
      return customer.id;
    },

    async createPaymentSession(r) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          customer: r.customerRef,
          client_reference_id: r.reference,
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: r.currency.toLowerCase(),
                unit_amount: r.amountMinor,
                product_data: { name: r.description },
              },
            },
          ],
          metadata: r.metadata,
          payment_intent_data: { metadata: r.metadata, description: r.description },
          success_url: r.successUrl,
          cancel_url: r.cancelUrl,
        },
        { idempotencyKey: `checkout-${r.reference}` },
      );
      return { sessionRef: session.id, url: session.url as string };
    },

    async createSetupSession(r) {
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        customer: r.customerRef,
        currency: r.currency.toLowerCase(),
        metadata: r.metadata,
        success_url: r.successUrl,
        cancel_url: r.cancelUrl,
      });
      return { sessionRef: session.id, url: session.url as string };
    },

    async chargeSaved(r) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: r.amountMinor,
            currency: r.currency.toLowerCase(),
            customer: r.customerRef,
            payment_method: r.methodRef,
            off_session: true,
            confirm: true,
            metadata: r.metadata,
          },
          { idempotencyKey: `charge-${r.reference}` },
        );
        return intentChange(intent, intentStatus(intent));
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
        // A decline or a charge the bank wants the customer to confirm: the intent comes with the error.
        const intent = (error.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent;
        return {
          reference: r.reference,
          ...(intent ? { intentRef: intent.id } : {}),
          status: error.code === 'authentication_required' ? 'requires_action' : 'failed',
          failureMessage: error.message,
        };
      }
    },

    async readPaymentSession(sessionRef) {
      return sessionChange(await stripe.checkout.sessions.retrieve(sessionRef));
    },

    async readSetupMethod(sessionRef) {
      // A session the provider does not know (a stale or altered return link) saves nothing.
      const session = await stripe.checkout.sessions
        .retrieve(sessionRef, { expand: ['setup_intent', 'setup_intent.payment_method'] })
        .catch((error: unknown) => {
          if ((error as { statusCode?: number }).statusCode === 404) return null;
          throw error;
        });
      if (!session) return null;
      const intent = session.setup_intent as Stripe.SetupIntent | null;
      const method = intent?.payment_method as Stripe.PaymentMethod | null | undefined;
      if (session.status !== 'complete' || !intent || intent.status !== 'succeeded' || !method) return null;
      return methodOf(method, idOf(session.customer) as string);
    },

    async detachMethod(methodRef) {
      await stripe.paymentMethods.detach(methodRef);
    },

    async refundStatus(chargeRef) {
      const charge = await stripe.charges.retrieve(chargeRef);
      return { amountRefundedMinor: charge.amount_refunded, fully: charge.refunded };
    },

    readEvent(rawBody, signature, nowMs) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', webhookSecret, 300, undefined, nowMs);
      } catch (error) {
        throw new InvalidEvent((error as Error).message);
      }
      return readStripeEvent(event);
    },
  };
  return provider;
}

/** What each Stripe event the portal subscribes to means for it; any other type is ignored. */
function readStripeEvent(event: Stripe.Event): ProviderEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      if (session.mode === 'setup') {
        return event.type === 'checkout.session.completed'
          ? { ...base, kind: 'setup', sessionRef: session.id }
          : { ...base, kind: 'ignored' };
      }
      const change = sessionChange(session);
      if (!change) return { ...base, kind: 'ignored' };
      if (event.type === 'checkout.session.async_payment_failed') change.status = 'failed';
      return { ...base, kind: 'payment', change };
    }
    case 'payment_intent.succeeded':
      return { ...base, kind: 'payment', change: intentChange(event.data.object, 'succeeded') };
    case 'payment_intent.processing':
      return { ...base, kind: 'payment', change: intentChange(event.data.object, 'processing') };
    case 'payment_intent.requires_action':
      return { ...base, kind: 'payment', change: intentChange(event.data.object, 'requires_action') };
    case 'payment_intent.payment_failed':
      return { ...base, kind: 'payment', change: intentChange(event.data.object, 'failed') };
    case 'charge.refunded': {
      const charge = event.data.object;
      return { ...base, kind: 'refund', chargeRef: charge.id, ...intentOf(charge.payment_intent) };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const outcome = event.type === 'charge.dispute.created' ? 'open' : dispute.status === 'won' ? 'won' : 'lost';
      return {
        ...base,
        kind: 'dispute',
        chargeRef: idOf(dispute.charge) as string,
        ...intentOf(dispute.payment_intent),
        outcome,
      };
    }
    default:
      return { ...base, kind: 'ignored' };
  }
}

const intentOf = (value: string | { id: string } | null) => {
  const id = idOf(value);
  return id ? { intentRef: id } : {};
};
