import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { payments } from '@portal/contract';

import { demoEmails } from '../../src/seed/demo.ts';
import { createProviderProfiles } from '../../src/modules/provider/profiles.ts';
import { createMailer } from '../../src/lib/mail.ts';
import { createProvider, paymentsService } from '../../src/modules/payments/payments.service.ts';
import { createTestApp, testEnv } from '../helpers/test-app.ts';
import { stripeEnv, testCards, testIban } from '../helpers/stripe-stand-in.ts';
import { batch } from '../integration/kit.ts';
import {
  balance,
  checkout,
  day,
  deliver,
  deliverAll,
  envelope,
  invoice,
  options,
  payKit,
  payment,
  paymentEvents,
  startPaying,
  type PayKit,
} from './kit.ts';

const texts = payments.paymentTexts;

describe('payments without a provider configured', () => {
  it('says payments are off and answers NOT_FOUND to every payments call', async () => {
    const t = await createTestApp();
    try {
      const token = await t.signIn(demoEmails.admin);
      expect(envelope(await t.call('GET', '/api/payments/get-status', { token }))).toEqual({
        data: { enabled: false, provider: null },
        code: 'SUCCESS',
        message: '',
      });
      for (const [url, body] of [
        ['/api/payments/get-options', { accountId: 1 }],
        ['/api/payments/start-checkout', { accountId: 1, amount: 10, currency: 'USD' }],
        ['/api/payments/get-payments', { accountId: 1 }],
        ['/api/payments/start-setup', { accountId: 1 }],
      ] as const) {
        const res = await t.call('POST', url, { token, body });
        expect(res.status, url).toBe(404);
        expect(envelope(res)).toEqual({ data: null, code: 'NOT_FOUND', message: texts.notAvailable });
      }
      expect(envelope(await t.call('GET', '/api/payments/get-actions', { token }))).toEqual({
        data: [],
        code: 'SUCCESS',
        message: '',
      });
      const hook = await t.call('POST', '/api/payments/stripe/webhook', {
        body: '{}',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      });
      expect(hook.body.code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });
});

describe('payments through Stripe (a local stand-in)', () => {
  let k: PayKit;
  beforeAll(async () => {
    k = await payKit();
  });
  afterAll(async () => {
    await k?.close();
  });

  it('says payments are on', async () => {
    const res = await k.t.call('GET', '/api/payments/get-status', { token: k.customer });
    expect(res.body.data).toEqual({ enabled: true, provider: 'stripe' });
    expect((await k.t.call('GET', '/api/payments/get-status')).body.code).toBe('INVALID_TOKEN');
  });

  it("answers an account's options: balance, open invoices, limits, and who may pay or manage", async () => {
    const mine = await options(k, k.admin);
    expect(mine).toMatchObject({
      account_id: k.accountId,
      account_number: '1000201',
      currency: 'USD',
      minimum_amount: 0.5,
      can_pay: true,
      can_manage: true,
      reason: null,
      autopay: { enabled: false, days_before: 0 },
      methods: [],
    });
    expect(mine.open_invoices).toContainEqual({
      cycle_log_id: k.invoiceId,
      invoice_number: 'INV-PAY-1',
      due_date: day(k.t, 0 + 10),
      open_amount: 250,
    });
    expect(mine.balance).toBe(await balance(k));
    expect(await options(k, k.dana)).toMatchObject({ can_pay: true, can_manage: false, reason: texts.adminsOnly });

    const other = await k.t.call('POST', '/api/payments/get-options', {
      token: k.customer,
      body: { accountId: k.accountId },
    });
    expect(envelope(other)).toEqual({ data: null, code: 'NOT_FOUND', message: 'The requested item was not found.' });
    const bad = await k.t.call('POST', '/api/payments/get-options', { token: k.admin, body: { accountId: 'x' } });
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect(bad.body.data).toEqual({ accountId: ['This value should be a valid integer.'] });
    const none = await k.t.call('POST', '/api/payments/get-options', { body: { accountId: k.accountId } });
    expect(none.body.code).toBe('INVALID_TOKEN');
  });

  it('refuses amounts over what is open, below the minimum, with too many decimals, or in another currency', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ cycleLogId: k.invoiceId, amount: 250.01 }, { amount: [texts.maximum('$250.00')] }],
      [{ cycleLogId: k.invoiceId, amount: 0.49 }, { amount: [texts.minimum('$0.50')] }],
      [{ cycleLogId: k.invoiceId, amount: 10.001 }, { amount: [texts.decimals(2)] }],
      [{ cycleLogId: k.invoiceId, amount: 10, currency: 'EUR' }, { currency: [texts.wrongCurrency('USD')] }],
      [
        { amount: (await balance(k)) + 1 },
        { amount: [texts.maximum(`$${(await balance(k)).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`)] },
      ],
      [{ cycleLogId: k.invoiceId, amount: 'ten' }, { amount: ['This value should be a valid number.'] }],
    ];
    for (const [body, fields] of cases) {
      const res = await checkout(k, k.admin, body);
      expect(res.body.code, JSON.stringify(body)).toBe('VALIDATION_ERROR');
      expect(res.body.data, JSON.stringify(body)).toEqual(fields);
    }
    expect((await checkout(k, k.admin, { amount: 10, currency: undefined })).body.data).toEqual({
      currency: ['This value is required.'],
    });
  });

  it("answers NOT_FOUND for another company's account or invoice, and INVALID_TOKEN without a token", async () => {
    const theirs = await checkout(k, k.customer, { cycleLogId: k.invoiceId, amount: 10 });
    expect(envelope(theirs)).toEqual({ data: null, code: 'NOT_FOUND', message: 'The requested item was not found.' });
    const seeded = await k.t.db.one<{ cycle_log_id: number }>(
      `SELECT cycle_log_id FROM invoices i JOIN accounts a USING (account_id) WHERE a.account_number = '1000101' LIMIT 1`,
    );
    const wrongInvoice = await checkout(k, k.admin, { cycleLogId: seeded!.cycle_log_id, amount: 10 });
    expect(envelope(wrongInvoice)).toEqual({ data: null, code: 'NOT_FOUND', message: 'No invoice found.' });
    expect((await k.t.call('POST', '/api/payments/start-checkout', { body: { accountId: 1 } })).body.code).toBe(
      'INVALID_TOKEN',
    );
    const unknown = await k.t.call('POST', '/api/payments/get-payment', {
      token: k.admin,
      body: { accountId: k.accountId, reference: 'portal-0000' },
    });
    expect(envelope(unknown)).toEqual({ data: null, code: 'NOT_FOUND', message: texts.noPayment });
  });

  it('lets staff signed in as the customer see the options but not pay or manage', async () => {
    const staff = await k.t.signIn(demoEmails.staff3);
    const found = await k.t.call('POST', '/api/admin/get-user-by-email', {
      token: staff,
      body: { email: demoEmails.admin },
    });
    const as = await k.t.call('POST', '/api/admin/get-token-as-user', {
      token: staff,
      body: { userId: (found.body.data as { user_id: number }).user_id, reason: 'Billing question' },
    });
    const token = (as.body.data as { token: string }).token;
    expect(await options(k, token)).toMatchObject({ can_pay: false, can_manage: false, reason: texts.actorCannotPay });
    for (const [url, body] of [
      [
        '/api/payments/start-checkout',
        { accountId: k.accountId, cycleLogId: k.invoiceId, amount: 10, currency: 'USD' },
      ],
      ['/api/payments/start-setup', { accountId: k.accountId }],
      ['/api/payments/set-autopay', { accountId: k.accountId, enabled: false }],
    ] as const) {
      const res = await k.t.call('POST', url, { token, body });
      expect(envelope(res), url).toEqual({ data: null, code: 'FORBIDDEN', message: texts.actorCannotPay });
    }
  });

  it('takes a card payment: counted at once, paid, its event, a receipt, and one application per event', async () => {
    const before = await balance(k);
    const mark = k.stripe.events.length;
    const { reference, sessionId } = await startPaying(k, 100);
    expect(k.stripe.objects.get(sessionId)).toMatchObject({
      mode: 'payment',
      amount_total: 10000,
      currency: 'usd',
      metadata: { payment_reference: reference, account_number: '1000201', invoice_number: 'INV-PAY-1' },
    });
    // Not yet taken: the open page counts for nothing.
    expect(await payment(k, reference)).toMatchObject({ status: 'open', recorded_by: null });
    expect(await balance(k)).toBe(before);

    expect(await k.stripe.complete(sessionId, testCards.visa)).toEqual({ ok: true });
    const [completed, succeeded] = k.stripe.events.slice(mark);
    expect(completed?.type).toBe('checkout.session.completed');
    expect(envelope(await deliver(k, completed!))).toEqual({ data: { received: true }, code: 'SUCCESS', message: '' });
    // Delivered again (Stripe retries): applied once.
    expect((await deliver(k, completed!)).status).toBe(200);
    await deliver(k, succeeded!);
    await deliver(k, succeeded!);

    expect(await payment(k, reference)).toMatchObject({
      status: 'succeeded',
      amount: 100,
      currency: 'USD',
      invoice_number: 'INV-PAY-1',
      recorded_by: 'portal',
    });
    expect(await invoice(k)).toMatchObject({ amount_paid: 100, status: 'partly paid' });
    expect(await balance(k)).toBe(Math.round((before - 100) * 100) / 100);

    const events = (await paymentEvents(k)).filter((e) => e.data.payment_reference === reference);
    expect(events).toHaveLength(1);
    const session = k.stripe.objects.get(sessionId)!;
    expect(events[0]).toEqual({
      id: expect.any(Number),
      type: 'payment.succeeded',
      occurred_at: expect.any(String),
      account_number: '1000201',
      data: {
        payment_reference: reference,
        invoice_number: 'INV-PAY-1',
        amount: 100,
        currency: 'USD',
        status: 'succeeded',
        autopay: false,
        provider: 'stripe',
        provider_ids: { checkout_session: sessionId, payment_intent: session.payment_intent },
      },
    });
    const receipts = await k.t.db.query<{ to_address: string; subject: string }>(
      `SELECT to_address, subject FROM mail_outbox WHERE kind = 'payment-receipt' AND text_body LIKE $1`,
      [`%${reference}%`],
    );
    expect(receipts).toEqual([
      { to_address: demoEmails.admin, subject: 'Payment received: $100.00 for invoice INV-PAY-1' },
    ]);

    const list = await k.t.call('POST', '/api/payments/get-payments', {
      token: k.dana,
      body: { accountId: k.accountId },
    });
    expect((list.body.data as { data: { payment_reference: string; status: string }[] }).data).toContainEqual(
      expect.objectContaining({ payment_reference: reference, status: 'succeeded' }),
    );
    const theirs = await k.t.call('POST', '/api/payments/get-payments', {
      token: k.customer,
      body: { accountId: k.accountId },
    });
    expect(theirs.body.code).toBe('NOT_FOUND');
  });

  it('leaves the payment open after a declined card on the hosted page, for another try', async () => {
    const mark = k.stripe.events.length;
    const { reference, sessionId } = await startPaying(k, 2);
    const paid = (await invoice(k)).amount_paid;
    expect(await k.stripe.complete(sessionId, testCards.declined)).toEqual({
      ok: false,
      message: 'Your card was declined.',
    });
    await deliverAll(k, mark);
    expect(await payment(k, reference)).toMatchObject({ status: 'open', recorded_by: null });
    expect((await invoice(k)).amount_paid).toBe(paid);
    const retry = k.stripe.events.length;
    await k.stripe.complete(sessionId, testCards.visa);
    await deliverAll(k, retry);
    expect(await payment(k, reference)).toMatchObject({ status: 'succeeded', recorded_by: 'portal' });
    expect((await paymentEvents(k)).filter((e) => e.data.payment_reference === reference).map((e) => e.type)).toEqual([
      'payment.succeeded',
    ]);
  });

  it('reads the outcome from Stripe when the customer returns before any event', async () => {
    const { reference, sessionId } = await startPaying(k, 10);
    const before = (await invoice(k)).amount_paid;
    await k.stripe.complete(sessionId, testCards.visa);
    // The return page asks; no webhook was delivered.
    expect(await payment(k, reference)).toMatchObject({ status: 'succeeded', recorded_by: 'portal' });
    expect((await invoice(k)).amount_paid).toBe(before + 10);
    // The events arriving afterwards change nothing more.
    const mark = k.stripe.events.length - 2;
    await deliverAll(k, mark);
    expect((await invoice(k)).amount_paid).toBe(before + 10);
    expect((await paymentEvents(k)).filter((e) => e.data.payment_reference === reference)).toHaveLength(1);
  });

  it('keeps the later status when events arrive out of order', async () => {
    const mark = k.stripe.events.length;
    const { reference, sessionId } = await startPaying(k, 5);
    await k.stripe.complete(sessionId, testIban);
    const [completed, processing] = k.stripe.events.slice(mark);
    await k.stripe.settle(sessionId, true);
    const [asyncSucceeded, succeeded] = k.stripe.events.slice(mark + 2);
    // The confirmation first, then the older "completed, unpaid" and "processing".
    await deliver(k, succeeded!);
    await deliver(k, completed!);
    await deliver(k, processing!);
    await deliver(k, asyncSucceeded!);
    expect(await payment(k, reference)).toMatchObject({ status: 'succeeded' });
    expect((await paymentEvents(k)).filter((e) => e.data.payment_reference === reference).map((e) => e.type)).toEqual([
      'payment.succeeded',
    ]);
  });

  it('counts a debit while the bank confirms it, and uncounts it when it is returned', async () => {
    const before = await invoice(k);
    const mark = k.stripe.events.length;
    const { reference, sessionId } = await startPaying(k, 20);
    await k.stripe.complete(sessionId, testIban);
    await deliverAll(k, mark);
    expect(await payment(k, reference)).toMatchObject({ status: 'processing', recorded_by: 'portal' });
    expect((await invoice(k)).amount_paid).toBe(before.amount_paid + 20);
    const settled = k.stripe.events.length;
    await k.stripe.settle(sessionId, false);
    await deliverAll(k, settled);
    expect(await payment(k, reference)).toMatchObject({ status: 'failed', recorded_by: null });
    expect((await invoice(k)).amount_paid).toBe(before.amount_paid);
    const [failed] = (await paymentEvents(k)).filter((e) => e.data.payment_reference === reference);
    expect(failed).toMatchObject({ type: 'payment.failed', data: { status: 'failed', amount: 20 } });
  });

  it('refuses a forged, altered or replayed event, and logs nothing into the payments', async () => {
    const { sessionId } = await startPaying(k, 1);
    const mark = k.stripe.events.length;
    await k.stripe.complete(sessionId, testCards.visa);
    const event = k.stripe.events[mark]!;
    const forged = await deliver(k, event, { secret: 'whsec_forged' });
    expect(envelope(forged)).toEqual({ data: null, code: 'BAD_REQUEST', message: 'The event could not be verified.' });
    expect(forged.status).toBe(400);
    const { body, signature } = k.stripe.signed(event);
    const altered = await k.t.call('POST', '/api/payments/stripe/webhook', {
      body: body.replace('"paid"', '"unpaid"'),
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(altered.body.code).toBe('BAD_REQUEST');
    const replayed = await deliver(k, event, { timestamp: Math.floor(k.t.clock.now() / 1000) - 301 });
    expect(replayed.body.code).toBe('BAD_REQUEST');
    const unsigned = await k.t.call('POST', '/api/payments/stripe/webhook', {
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.body.code).toBe('BAD_REQUEST');
    const applied = await k.t.db.one('SELECT 1 FROM payment_provider_events WHERE event_ref = $1', [event.id]);
    expect(applied).toBeUndefined();

    // Each refusal is logged with the sender's address and the reason.
    const logged: { obj: object; msg: string }[] = [];
    const service = serviceOn(k, (obj, msg) => logged.push({ obj, msg }));
    const refused = [
      k.stripe.signed(event, { secret: 'whsec_forged' }),
      k.stripe.signed(event, { timestamp: Math.floor(k.t.clock.now() / 1000) - 301 }),
    ];
    for (const [i, { body: sent, signature: header }] of refused.entries())
      await expect(service.webhook(sent, header, `203.0.113.${i + 1}`)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(logged).toEqual([
      {
        obj: { ip: '203.0.113.1', reason: expect.stringMatching(/signature/i) },
        msg: 'payment provider webhook refused',
      },
      {
        obj: { ip: '203.0.113.2', reason: expect.stringMatching(/tolerance|timestamp/i) },
        msg: 'payment provider webhook refused',
      },
    ]);
  });

  it("makes the portal's record billing's when billing sends the payment after the webhook: counted once", async () => {
    const mark = k.stripe.events.length;
    const { reference, sessionId } = await startPaying(k, 7);
    await k.stripe.complete(sessionId, testCards.visa);
    await deliverAll(k, mark);
    const paid = (await invoice(k)).amount_paid;
    const sent = await batch(k.t, k.feed, 'payments', [
      {
        payment_reference: reference,
        account_number: '1000201',
        invoice_number: 'INV-PAY-1',
        paid_at: new Date(k.t.clock.now() - 60_000).toISOString(),
        amount: '7.00',
        currency: 'USD',
      },
    ]);
    expect(sent.results).toEqual([{ key: reference, status: 'updated' }]);
    expect(await payment(k, reference)).toMatchObject({ status: 'succeeded', recorded_by: 'billing' });
    expect((await invoice(k)).amount_paid).toBe(paid);
  });

  it("keeps billing's record when billing sends the payment before the webhook: counted once", async () => {
    const mark = k.stripe.events.length;
    const { reference, sessionId } = await startPaying(k, 3);
    const paid = (await invoice(k)).amount_paid;
    await k.stripe.complete(sessionId, testCards.visa);
    const sent = await batch(k.t, k.feed, 'payments', [
      {
        payment_reference: reference,
        account_number: '1000201',
        invoice_number: 'INV-PAY-1',
        paid_at: new Date(k.t.clock.now() - 60_000).toISOString(),
        amount: '3.00',
      },
    ]);
    expect(sent.results).toEqual([{ key: reference, status: 'created' }]);
    await deliverAll(k, mark);
    expect(await payment(k, reference)).toMatchObject({ status: 'succeeded', recorded_by: 'billing' });
    expect((await invoice(k)).amount_paid).toBe(paid + 3);
  });

  it('follows a partial refund and a dispute reported by Stripe', async () => {
    const mark = k.stripe.events.length;
    const { reference, sessionId } = await startPaying(k, 40);
    await k.stripe.complete(sessionId, testCards.visa);
    await deliverAll(k, mark);
    const paid = (await invoice(k)).amount_paid;
    const session = k.stripe.objects.get(sessionId)!;
    const chargeId = k.stripe.objects.get(session.payment_intent as string)!.latest_charge as string;

    let at = k.stripe.events.length;
    await k.stripe.refund(chargeId, 1500);
    at = await deliverAll(k, at);
    expect(await payment(k, reference)).toMatchObject({ status: 'refunded', amount_refunded: 15 });
    expect((await invoice(k)).amount_paid).toBe(paid - 15);

    const dispute = await k.stripe.dispute(chargeId);
    at = await deliverAll(k, at);
    expect(await payment(k, reference)).toMatchObject({ status: 'disputed', recorded_by: null });
    expect((await invoice(k)).amount_paid).toBe(paid - 40);
    await k.stripe.closeDispute(dispute.id, 'won');
    await deliverAll(k, at);
    expect(await payment(k, reference)).toMatchObject({ status: 'succeeded', recorded_by: 'portal' });
    expect((await invoice(k)).amount_paid).toBe(paid);

    const types = (await paymentEvents(k)).filter((e) => e.data.payment_reference === reference).map((e) => e.type);
    expect(types).toEqual(['payment.succeeded', 'payment.refunded', 'payment.disputed', 'payment.succeeded']);
  });

  it('pays toward the balance without an invoice: a credit of the account at once', async () => {
    const before = await balance(k);
    const res = await checkout(k, k.dana, { amount: 12.5 });
    expect(res.body.code).toBe('SUCCESS');
    const { payment_reference: reference, url } = res.body.data as { url: string; payment_reference: string };
    await k.stripe.complete(url.split('/').at(-1)!, testCards.visa);
    expect(await payment(k, reference, k.dana)).toMatchObject({ status: 'succeeded', invoice_number: null });
    expect(await balance(k)).toBe(Math.round((before - 12.5) * 100) / 100);
  });

  it('saves methods for administrators only, makes one the default, removes it at Stripe too', async () => {
    const refused = await k.t.call('POST', '/api/payments/start-setup', {
      token: k.dana,
      body: { accountId: k.accountId },
    });
    expect(envelope(refused)).toEqual({ data: null, code: 'FORBIDDEN', message: texts.adminsOnly });
    const autopayFirst = await k.t.call('POST', '/api/payments/set-autopay', {
      token: k.admin,
      body: { accountId: k.accountId, enabled: true },
    });
    expect(autopayFirst.body.data).toEqual({ enabled: [texts.noDefaultMethod] });

    const saved: number[] = [];
    for (const card of [testCards.visa, testCards.authenticationRequired]) {
      const res = await k.t.call('POST', '/api/payments/start-setup', {
        token: k.admin,
        body: { accountId: k.accountId },
      });
      const sessionId = (res.body.data as { url: string }).url.split('/').at(-1)!;
      expect(k.stripe.objects.get(sessionId)).toMatchObject({ mode: 'setup', currency: 'usd' });
      const mark = k.stripe.events.length;
      await k.stripe.complete(sessionId, card);
      if (card === testCards.visa) await deliverAll(k, mark);
      else {
        // The customer came back before the event: the page's read saves it, the event changes nothing.
        const back = await k.t.call('POST', '/api/payments/get-options', {
          token: k.admin,
          body: { accountId: k.accountId, setupSession: sessionId },
        });
        expect((back.body.data as { methods: unknown[] }).methods).toHaveLength(2);
        await deliverAll(k, mark);
      }
      saved.push(...(await options(k, k.admin)).methods.map((m) => m.method_id));
    }
    const methods = (await options(k, k.admin)).methods;
    expect(methods).toEqual([
      expect.objectContaining({ kind: 'card', brand: 'visa', last4: '4242', exp_month: 12, is_default: true }),
      expect.objectContaining({ kind: 'card', brand: 'visa', last4: '3184', is_default: false }),
    ]);
    const [first, second] = methods;
    const notMine = await k.t.call('POST', '/api/payments/set-default-method', {
      token: k.customer,
      body: { accountId: k.accountId, methodId: second!.method_id },
    });
    expect(notMine.body.code).toBe('NOT_FOUND');
    const made = await k.t.call('POST', '/api/payments/set-default-method', {
      token: k.admin,
      body: { accountId: k.accountId, methodId: second!.method_id },
    });
    expect((made.body.data as { is_default: boolean }[]).map((m) => m.is_default)).toEqual([false, true]);
    const removed = await k.t.call('POST', '/api/payments/remove-method', {
      token: k.admin,
      body: { accountId: k.accountId, methodId: first!.method_id },
    });
    expect(removed.body.data).toEqual([expect.objectContaining({ last4: '3184', is_default: true })]);
    expect(k.stripe.requests).toContainEqual(expect.stringMatching(/^POST \/v1\/payment_methods\/pm_\w+\/detach$/));
    const changes = (await paymentEvents(k))
      .filter((e) => e.type === 'payment_method.changed')
      .map((e) => e.data.change);
    expect(changes).toEqual(['added', 'added', 'default', 'removed']);
  });

  it('charges the default method on the due date (or days before) once, however many runs, and asks the customer when the bank wants them', async () => {
    // INV-PAY-1 was billed the day before autopay is turned on: not a new invoice, never charged.
    k.t.clock.advance(86_400_000);
    const on = await k.t.call('POST', '/api/payments/set-autopay', {
      token: k.admin,
      body: { accountId: k.accountId, enabled: true, days_before: 3 },
    });
    expect(envelope(on)).toEqual({ data: { enabled: true, days_before: 3 }, code: 'SUCCESS', message: '' });
    const dana = await k.t.call('POST', '/api/payments/set-autopay', {
      token: k.dana,
      body: { accountId: k.accountId, enabled: false },
    });
    expect(dana.body.code).toBe('FORBIDDEN');
    const bad = await k.t.call('POST', '/api/payments/set-autopay', {
      token: k.admin,
      body: { accountId: k.accountId, enabled: true, days_before: 29 },
    });
    expect(bad.body.data).toEqual({ days_before: ['This value should be lower than or equal to 28.'] });

    // A new invoice, billed after autopay was turned on, due in nineteen days.
    await batch(k.t, k.feed, 'invoices', [
      {
        invoice_number: 'INV-PAY-2',
        account_number: '1000201',
        bill_date: day(k.t, 0),
        due_date: day(k.t, 19),
        monthly_charges: '80.00',
        total_amt_due: '80.00',
      },
    ]);
    const { runAutopay, service } = autopayRunner(k);
    k.t.clock.advance(10 * 86_400_000); // Nine days before, too early.
    expect(await runAutopay()).toBe(0);
    k.t.clock.advance(6 * 86_400_000); // Three days before.
    const [a, b] = await Promise.all([runAutopay(), service.runAutopay()]);
    expect(a + b).toBe(1);
    expect(await runAutopay()).toBe(0);
    const charged = await k.t.db.one<{ payment_reference: string; status: string; amount: number }>(
      `SELECT payment_reference, status, amount FROM portal_payments WHERE autopay`,
    );
    // The default card (…3184) wants its bank's confirmation off session: the customer is asked.
    expect(charged).toMatchObject({ status: 'requires_action', amount: 80 });
    const actions = await k.t.call('GET', '/api/payments/get-actions', { token: k.dana });
    expect(actions.body.data).toEqual([
      expect.objectContaining({
        payment_reference: charged!.payment_reference,
        status: 'requires_action',
        autopay: true,
      }),
    ]);
    const asked = await k.t.db.query<{ to_address: string; links: string[] }>(
      `SELECT to_address, links FROM mail_outbox WHERE kind = 'payment-action' AND text_body LIKE $1`,
      [`%${charged!.payment_reference}%`],
    );
    expect(asked).toEqual([
      {
        to_address: demoEmails.admin,
        links: [
          expect.stringMatching(new RegExp(`/portal/invoices/payment/${k.accountId}/${charged!.payment_reference}$`)),
        ],
      },
    ]);
    const [event] = (await paymentEvents(k)).filter((e) => e.data.payment_reference === charged!.payment_reference);
    expect(event).toMatchObject({ type: 'payment.failed', data: { status: 'requires_action', autopay: true } });
    expect(k.stripe.requests.filter((r) => r === 'POST /v1/payment_intents')).toHaveLength(1);
  });
});

/** The payments rules as a process builds them, on the kit's database and Stripe stand-in, logging into `log`. */
function serviceOn(k: PayKit, log: (obj: object, msg: string) => void = () => {}) {
  const env = testEnv(stripeEnv(k.stripe));
  return paymentsService(
    {
      db: k.t.db,
      env,
      clock: k.t.clock,
      mailer: createMailer(env, k.t.db, createProviderProfiles(env, k.t.db, k.t.clock)),
    },
    createProvider(env),
    log,
  );
}

/** Two autopay runners, as two worker processes on one database. */
function autopayRunner(k: PayKit) {
  const service = serviceOn(k);
  const other = serviceOn(k);
  return { runAutopay: () => other.runAutopay(), service };
}
