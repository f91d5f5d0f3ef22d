import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import Stripe from 'stripe';

/**
 * A local stand-in of the Stripe HTTP endpoints the portal uses (decision 127), kept small and honest:
 * it checks the secret key, reads the SDK's form-encoded requests, answers Stripe's documented objects
 * (customer, checkout.session, setup_intent, payment_intent, payment_method, charge, refund, dispute,
 * event), replays answers by Idempotency-Key, and serves a hosted checkout page that takes Stripe's test
 * card numbers. Events are signed with the SDK's own test header generator and posted to `webhookUrl`
 * when one is set; every event is also kept in `events` for tests that deliver them themselves.
 */

type Obj = Record<string, unknown> & { id: string };

/** Stripe's test cards (docs.stripe.com/testing) and what they do here. */
export const testCards = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Asks for authentication on every payment: on the hosted page the customer passes it; off session it fails. */
  authenticationRequired: '4000002760003184',
} as const;
/** A SEPA Direct Debit test IBAN: the payment is taken and confirmed later (processing, then settle()). */
export const testIban = 'DE89370400440532013000';

const declineMessages: Record<string, { code: string; decline_code: string; message: string }> = {
  [testCards.declined]: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  [testCards.insufficientFunds]: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

/** Reads `a[b][0][c]=v` form fields (as the SDK encodes them) into nested objects and arrays. */
function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const keys = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const k = key === '' ? String(Object.keys(node).length) : key;
      if (last) node[k] = value;
      else node = (node[k] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

const list = (value: unknown) => (value && typeof value === 'object' ? Object.values(value) : []);

export interface StripeStandIn {
  /** e.g. http://127.0.0.1:41234: the portal's STRIPE_API_URL. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Where events are posted (unset: only kept in `events`). */
  webhookUrl: string | null;
  events: Stripe.Event[];
  objects: Map<string, Obj>;
  /** The headers and body Stripe would send for an event, signed (at `timestamp`, seconds) with a secret. */
  signed(event: Stripe.Event, options?: { secret?: string; timestamp?: number }): { body: string; signature: string };
  /** Completes a hosted page as the customer would: with a card number (or the test IBAN). */
  complete(sessionId: string, card: string): Promise<{ ok: boolean; message?: string }>;
  /** The bank's later answer for a payment that was processing. */
  settle(sessionId: string, succeeded: boolean): Promise<void>;
  /** Lets the hosted page expire unpaid. */
  expire(sessionId: string): Promise<void>;
  refund(chargeId: string, amount?: number): Promise<Obj>;
  dispute(chargeId: string): Promise<Obj>;
  closeDispute(disputeId: string, status: 'won' | 'lost'): Promise<void>;
  /** Calls of the API, as `METHOD /path`, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startStripeStandIn(
  options: { secretKey?: string; webhookSecret?: string; now?: () => number } = {},
): Promise<StripeStandIn> {
  const secretKey = options.secretKey ?? `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const now = () => Math.floor((options.now ?? Date.now)() / 1000);
  const stripe = new Stripe(secretKey);
  const objects = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const events: Stripe.Event[] = [];
  const requests: string[] = [];
  const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  const put = <T extends Obj>(object: T) => {
    objects.set(object.id, object);
    return object;
  };
  const get = (id: string) => objects.get(id);

  let base = '';
  const signed: StripeStandIn['signed'] = (event, o = {}) => {
    const body = JSON.stringify(event, null, 2);
    const signature = stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: o.secret ?? webhookSecret,
      ...(o.timestamp !== undefined ? { timestamp: o.timestamp } : { timestamp: now() }),
    });
    return { body, signature };
  };

  async function emit(type: string, object: Obj) {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    } as unknown as Stripe.Event;
    events.push(event);
    if (standIn.webhookUrl) {
      const { body, signature } = signed(event);
      await fetch(standIn.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body,
      });
    }
  }

  const customer = (params: Record<string, unknown>) =>
    put({
      id: newId('cus'),
      object: 'customer',
      created: now(),
      name: (params.name as string) ?? null,
      email: (params.email as string) ?? null,
      metadata: (params.metadata as object) ?? {},
      invoice_settings: { default_payment_method: null },
      livemode: false,
    });

  function checkoutSession(params: Record<string, unknown>): Obj | { error: string } {
    const mode = params.mode as string;
    if (!['payment', 'setup'].includes(mode)) return { error: 'Invalid mode' };
    if (!params.success_url) return { error: 'Missing required param: success_url.' };
    if (params.customer && !get(params.customer as string)) return { error: `No such customer: '${params.customer}'` };
    const items = list(params.line_items) as {
      quantity: string;
      price_data: { currency: string; unit_amount: string };
    }[];
    if (mode === 'payment' && !items.length) return { error: 'line_items is required in payment mode.' };
    const amount = items.reduce((sum, i) => sum + Number(i.price_data.unit_amount) * Number(i.quantity), 0);
    const currency = mode === 'payment' ? items[0]!.price_data.currency : ((params.currency as string) ?? null);
    const id = newId('cs_test');
    return put({
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      amount_total: mode === 'payment' ? amount : null,
      amount_subtotal: mode === 'payment' ? amount : null,
      currency,
      customer: (params.customer as string) ?? null,
      client_reference_id: (params.client_reference_id as string) ?? null,
      metadata: (params.metadata as object) ?? {},
      payment_intent: null,
      setup_intent: null,
      payment_intent_data: params.payment_intent_data ?? null,
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      url: `${base}/c/pay/${id}`,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
    });
  }

  const cardMethod = (number: string, customerId: string | null) =>
    put({
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: {
        brand: number.startsWith('4') ? 'visa' : 'mastercard',
        last4: number.slice(-4),
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        country: 'US',
        funding: 'credit',
      },
      customer: customerId,
      billing_details: { name: null, email: null },
      created: now(),
      livemode: false,
      metadata: { test_card: number },
    });

  const sepaMethod = (customerId: string | null) =>
    put({
      id: newId('pm'),
      object: 'payment_method',
      type: 'sepa_debit',
      sepa_debit: { bank_code: '37040044', country: 'DE', last4: testIban.slice(-4) },
      customer: customerId,
      billing_details: { name: 'Test Customer', email: 'test@example.com' },
      created: now(),
      livemode: false,
      metadata: {},
    });

  function intent(params: {
    /** The intent of an earlier attempt on the same hosted page: Checkout keeps one per session. */
    reuse?: Obj | undefined;
    amount: number;
    currency: string;
    customer: string | null;
    method: Obj;
    metadata: object;
    status: string;
    error?: { code: string; decline_code?: string; message: string };
  }) {
    const pi = put({
      id: params.reuse?.id ?? newId('pi'),
      object: 'payment_intent',
      amount: params.amount,
      amount_received: params.status === 'succeeded' ? params.amount : 0,
      currency: params.currency,
      customer: params.customer,
      payment_method: params.method.id,
      payment_method_types: [params.method.type],
      status: params.status,
      metadata: params.metadata,
      latest_charge: null as string | null,
      last_payment_error: params.error
        ? { type: 'card_error', ...params.error, payment_method: structuredClone(params.method) }
        : null,
      created: now(),
      livemode: false,
    });
    if (params.status === 'succeeded' || params.status === 'processing') {
      const charge = put({
        id: newId('ch'),
        object: 'charge',
        amount: params.amount,
        amount_captured: params.status === 'succeeded' ? params.amount : 0,
        amount_refunded: 0,
        refunded: false,
        currency: params.currency,
        customer: params.customer,
        payment_intent: pi.id,
        payment_method: params.method.id,
        paid: params.status === 'succeeded',
        status: params.status === 'succeeded' ? 'succeeded' : 'pending',
        metadata: params.metadata,
        created: now(),
        livemode: false,
      });
      pi.latest_charge = charge.id;
    }
    return pi;
  }

  /** The customer's submit on the hosted page. */
  async function complete(sessionId: string, card: string): Promise<{ ok: boolean; message?: string }> {
    const session = get(sessionId);
    if (!session || session.status !== 'open') return { ok: false, message: 'This page has expired.' };
    const number = card.replace(/\s/g, '');
    const customerId = session.customer as string | null;
    const method = number === testIban ? sepaMethod(customerId) : cardMethod(number, customerId);
    if (session.mode === 'setup') {
      const decline = declineMessages[number];
      if (decline) return { ok: false, message: decline.message };
      const seti = put({
        id: newId('seti'),
        object: 'setup_intent',
        status: 'succeeded',
        customer: customerId,
        payment_method: method.id,
        usage: 'off_session',
        created: now(),
        livemode: false,
      });
      Object.assign(session, { status: 'complete', setup_intent: seti.id, url: null });
      await emit('checkout.session.completed', session);
      return { ok: true };
    }
    const pid = session.payment_intent_data as { metadata?: object } | null;
    const decline = declineMessages[number];
    if (decline) {
      // As on Stripe: the attempt fails on the page, the session stays open for another try.
      const failed = intent({
        reuse: session.payment_intent ? get(session.payment_intent as string) : undefined,
        amount: session.amount_total as number,
        currency: session.currency as string,
        customer: customerId,
        method,
        metadata: pid?.metadata ?? {},
        status: 'requires_payment_method',
        error: decline,
      });
      session.payment_intent = failed.id;
      await emit('payment_intent.payment_failed', failed);
      return { ok: false, message: decline.message };
    }
    const processing = number === testIban;
    const pi = intent({
      reuse: session.payment_intent ? get(session.payment_intent as string) : undefined,
      amount: session.amount_total as number,
      currency: session.currency as string,
      customer: customerId,
      method,
      metadata: pid?.metadata ?? {},
      status: processing ? 'processing' : 'succeeded',
    });
    Object.assign(session, {
      status: 'complete',
      payment_status: processing ? 'unpaid' : 'paid',
      payment_intent: pi.id,
      url: null,
    });
    await emit('checkout.session.completed', session);
    await emit(processing ? 'payment_intent.processing' : 'payment_intent.succeeded', pi);
    return { ok: true };
  }

  async function settle(sessionId: string, succeeded: boolean) {
    const session = get(sessionId) as Obj;
    const pi = get(session.payment_intent as string) as Obj;
    const charge = get(pi.latest_charge as string) as Obj;
    if (succeeded) {
      Object.assign(pi, { status: 'succeeded', amount_received: pi.amount });
      Object.assign(charge, { status: 'succeeded', paid: true, amount_captured: charge.amount });
      session.payment_status = 'paid';
      await emit('checkout.session.async_payment_succeeded', session);
      await emit('payment_intent.succeeded', pi);
    } else {
      Object.assign(pi, {
        status: 'requires_payment_method',
        last_payment_error: {
          type: 'invalid_request_error',
          code: 'payment_method_not_available',
          message: 'The debit was returned by the bank.',
        },
      });
      Object.assign(charge, { status: 'failed' });
      await emit('checkout.session.async_payment_failed', session);
      await emit('payment_intent.payment_failed', pi);
    }
  }

  async function expire(sessionId: string) {
    const session = get(sessionId) as Obj;
    Object.assign(session, { status: 'expired', url: null });
    await emit('checkout.session.expired', session);
  }

  async function refund(chargeId: string, amount?: number) {
    const charge = get(chargeId) as Obj;
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    const value = Math.min(amount ?? left, left);
    const re = put({
      id: newId('re'),
      object: 'refund',
      amount: value,
      charge: chargeId,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      status: 'succeeded',
      created: now(),
    });
    charge.amount_refunded = (charge.amount_refunded as number) + value;
    charge.refunded = charge.amount_refunded === charge.amount;
    await emit('charge.refunded', charge);
    return re;
  }

  async function dispute(chargeId: string) {
    const charge = get(chargeId) as Obj;
    charge.disputed = true;
    const dp = put({
      id: newId('dp'),
      object: 'dispute',
      amount: charge.amount,
      charge: chargeId,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      reason: 'fraudulent',
      status: 'needs_response',
      created: now(),
      livemode: false,
    });
    await emit('charge.dispute.created', dp);
    return dp;
  }

  async function closeDispute(disputeId: string, status: 'won' | 'lost') {
    const dp = get(disputeId) as Obj;
    dp.status = status;
    await emit('charge.dispute.closed', dp);
  }

  /** Stripe's error answer. */
  const error = (res: ServerResponse, status: number, e: Record<string, unknown>) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify({ error: e }));
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
    res.end(JSON.stringify(body));
  };

  /** Expands `a.b` paths of an object in place (ids to their objects). */
  function expand(object: Obj, paths: string[]) {
    const out = structuredClone(object) as Record<string, unknown>;
    for (const path of paths) {
      const keys = path.split('.');
      let node = out;
      for (const key of keys) {
        const value = node[key];
        if (typeof value === 'string' && objects.has(value)) node[key] = structuredClone(objects.get(value));
        node = node[key] as Record<string, unknown>;
        if (!node || typeof node !== 'object') break;
      }
    }
    return out;
  }

  function api(method: string, path: string, params: Record<string, unknown>): { status: number; body: unknown } {
    const notFound = (id: string) => ({
      status: 404,
      body: {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${id}'` },
      },
    });
    const invalid = (message: string) => ({ status: 400, body: { error: { type: 'invalid_request_error', message } } });
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') return { status: 200, body: customer(params) };
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session = checkoutSession(params);
      return 'error' in session ? invalid(session.error as string) : { status: 200, body: session };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([\w]+)$/))) {
      const session = get(m[1]!);
      if (!session || session.object !== 'checkout.session') return notFound(m[1]!);
      return { status: 200, body: expand(session, list(params.expand) as string[]) };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_methods\/(\w+)\/detach$/))) {
      const pm = get(m[1]!);
      if (!pm || pm.object !== 'payment_method') return notFound(m[1]!);
      if (!pm.customer)
        return invalid('The payment method you provided is not attached to a customer so detachment is impossible.');
      pm.customer = null;
      return { status: 200, body: pm };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/charges\/(\w+)$/))) {
      const charge = get(m[1]!);
      return charge?.object === 'charge' ? { status: 200, body: charge } : notFound(m[1]!);
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = get(params.payment_method as string);
      if (!pm || pm.object !== 'payment_method') return notFound(params.payment_method as string);
      if (pm.customer !== params.customer)
        return invalid('The provided PaymentMethod does not belong to the given Customer.');
      const number = (pm.metadata as { test_card?: string }).test_card ?? '';
      const offSession = params.off_session === 'true' && params.confirm === 'true';
      const base = {
        amount: Number(params.amount),
        currency: params.currency as string,
        customer: params.customer as string,
        method: pm,
        metadata: (params.metadata as object) ?? {},
      };
      const decline = declineMessages[number];
      const needsAuth = number === testCards.authenticationRequired && offSession;
      if (decline || needsAuth) {
        const err = needsAuth
          ? {
              code: 'authentication_required',
              decline_code: 'authentication_required',
              message: 'Your card was declined. This transaction requires authentication.',
            }
          : decline!;
        const pi = intent({ ...base, status: needsAuth ? 'requires_action' : 'requires_payment_method', error: err });
        void emit(needsAuth ? 'payment_intent.requires_action' : 'payment_intent.payment_failed', pi);
        return {
          status: 402,
          body: {
            error: { type: 'card_error', ...err, payment_intent: pi, payment_method: pm },
          },
        };
      }
      const pi = intent({ ...base, status: pm.type === 'sepa_debit' ? 'processing' : 'succeeded' });
      void emit(pm.type === 'sepa_debit' ? 'payment_intent.processing' : 'payment_intent.succeeded', pi);
      return { status: 200, body: pi };
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  const page = (session: Obj, message?: string) => {
    const amount = session.amount_total
      ? new Intl.NumberFormat('en-US', { style: 'currency', currency: String(session.currency).toUpperCase() }).format(
          (session.amount_total as number) / 100,
        )
      : '';
    const title = session.mode === 'setup' ? 'Save a payment method' : `Pay ${amount}`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Checkout (Stripe stand-in)</title>
<style>body{font-family:system-ui,sans-serif;background:#f6f9fc;margin:0;padding:24px}main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 2px 8px #0002}
label{display:block;margin:12px 0 4px;font-size:14px;color:#30313d}input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ccd;border-radius:6px;font-size:16px}
button{margin-top:20px;width:100%;padding:12px;background:#635bff;color:#fff;border:0;border-radius:6px;font-size:16px}p.error{color:#df1b41}small{color:#6a7383}</style></head>
<body><main><small>Test mode: Stripe stand-in</small><h1>${title}</h1>${session.mode === 'payment' ? `<p>${String((session.metadata as Record<string, string>).invoice_number ? `Invoice ${(session.metadata as Record<string, string>).invoice_number}` : 'Account payment')}</p>` : ''}
${message ? `<p class="error" role="alert">${message}</p>` : ''}
<form method="post"><label for="card">Card number or IBAN</label><input id="card" name="card" autocomplete="off" inputmode="numeric" required>
<label for="exp">Expiry (MM / YY)</label><input id="exp" name="exp" value="12 / 34"><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123">
<button type="submit">${session.mode === 'setup' ? 'Save' : 'Pay'}</button></form>
${session.cancel_url ? `<p><a href="${String(session.cancel_url)}">Back</a></p>` : ''}</main></body></html>`;
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', base);
        const body = Buffer.concat(chunks).toString();
        // The hosted page (what Stripe Checkout is for the customer).
        const pay = url.pathname.match(/^\/c\/pay\/(\w+)$/);
        if (pay) {
          const session = get(pay[1]!);
          if (!session) return error(res, 404, { message: 'No such page' });
          if (req.method === 'POST') {
            const form = parseForm(body);
            const outcome = await complete(session.id, String(form.card ?? ''));
            if (!outcome.ok) {
              res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
              return res.end(page(session, outcome.message));
            }
            res.writeHead(303, { location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', session.id) });
            return res.end();
          }
          if (session.status !== 'open') {
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            return res.end('<!doctype html><p>This checkout page has expired or was completed.</p>');
          }
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(page(session));
        }
        requests.push(`${req.method} ${url.pathname}`);
        if (req.headers.authorization !== `Bearer ${secretKey}`) {
          return error(res, 401, {
            type: 'invalid_request_error',
            message: 'Invalid API Key provided.',
          });
        }
        const params = req.method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(body);
        const key = req.headers['idempotency-key'];
        const stored = typeof key === 'string' && req.method === 'POST' ? idempotent.get(key) : undefined;
        const answer = stored ?? api(req.method ?? 'GET', url.pathname, params);
        if (typeof key === 'string' && req.method === 'POST' && !stored) idempotent.set(key, answer);
        json(res, answer.status, answer.body);
      })().catch((e: unknown) => error(res, 500, { type: 'api_error', message: String(e) }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: StripeStandIn = {
    url: base,
    secretKey,
    webhookSecret,
    webhookUrl: null,
    events,
    objects,
    signed,
    complete,
    settle,
    expire,
    refund,
    dispute,
    closeDispute,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return standIn;
}

/** The portal's configuration that points its Stripe provider at `standIn`. */
export const stripeEnv = (standIn: StripeStandIn): Record<string, string> => ({
  PAYMENTS_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: standIn.secretKey,
  STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
  STRIPE_API_URL: standIn.url,
});
