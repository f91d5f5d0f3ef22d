import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type AccountPin, type Paged } from '@portal/contract';

import { createMailer, mailKinds } from '../../src/lib/mail.ts';
import { createOutbound } from '../../src/lib/outbound.ts';
import { totpGuardrails } from '../../src/modules/auth/totp.ts';
import { createInvitationWorker } from '../../src/modules/integration/invitations.service.ts';
import { deliverWebhooks } from '../../src/modules/integration/webhooks.service.ts';
import { createProvider, paymentsService } from '../../src/modules/payments/payments.service.ts';
import { createProviderProfiles } from '../../src/modules/provider/profiles.ts';
import { DEMO_PASSWORD, demoEmails, TOTP_SECRET } from '../../src/seed/demo.ts';
import { smtpSink } from '../helpers/smtp-sink.ts';
import { testEnv, type TestApp } from '../helpers/test-app.ts';
import { identityEnv, invoiceOf, newUser, solveCaptcha } from '../identity/helpers.ts';
import { batch } from '../integration/kit.ts';
import { testCards } from '../helpers/stripe-stand-in.ts';
import { deliverAll, payKit, startPaying, type PayKit } from '../payments/kit.ts';
import { expectNoTrace, feedbackInquiry, madeUp, madeUpFooter } from './made-up.ts';

/**
 * Every kind of mail the portal sends (`mailKinds`), each driven through its own call or the worker job
 * that sends it, over SMTP to a server of this test, under a made-up provider's profile: sent under its
 * sender, closed with its footer, and no trace of the demo company anywhere (issue 34, decision 123). A kind
 * added to `mailKinds` and not driven here fails the last test.
 */

let k: PayKit;
let t: TestApp;
let sink: Awaited<ReturnType<typeof smtpSink>>;
let since: number;
let ip = 0;
const from = () => ({ 'x-forwarded-for': `10.134.0.${(ip += 1)}` });

const profile = {
  ...madeUp,
  mail_from_name: 'Fjordline kundeservice',
  mail_from_address: 'portal@fjordline.example.org',
};

/** What the workers of `npm run worker` build: their own mailer on the same database, clock and SMTP server. */
function workerDeps() {
  const env = testEnv({
    SMTP_URL: sink.url,
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: k.stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: k.stripe.webhookSecret,
    STRIPE_API_URL: k.stripe.url,
  });
  const provider = createProviderProfiles(env, k.t.db, k.t.clock);
  return {
    env,
    db: k.t.db,
    clock: k.t.clock,
    provider,
    mailer: createMailer(env, k.t.db, provider),
    outbound: createOutbound(env.OUTBOUND_ALLOW),
  };
}

const ok = async (res: Promise<{ status: number; body: { code: string; message: string } }>, what: string) => {
  const answer = await res;
  expect(answer.status, `${what}: ${answer.body.code} ${answer.body.message}`).toBe(200);
  return answer;
};

beforeAll(async () => {
  sink = await smtpSink();
  k = await payKit({ ...identityEnv, SMTP_URL: sink.url });
  t = k.t;
  const staff = await t.signIn(demoEmails.staff3);
  await ok(t.call('POST', '/api/admin/provider-profile', { token: staff, body: profile }), 'profile');
  since = (await t.db.one<{ max: number | null }>('SELECT max(mail_id) AS max FROM mail_outbox'))?.max ?? 0;
});
afterAll(async () => {
  await k?.close();
  await sink?.close();
});

describe('every kind of mail under a made-up provider profile', () => {
  it('sign-in and sign-up: password reset, verification, sign-up notices, access requests, invitations', async () => {
    const call = (url: string, body: object, token?: string) =>
      ok(t.call('POST', url, { body, headers: from(), ...(token ? { token } : {}) }), url);
    await call('/api/auth/forgot-password', { email: demoEmails.customer }); // password-reset
    await call('/api/auth/forgot-password', { email: 'nobody@fjordline-kunde.example' }); // password-reset-unknown
    await call('/api/users/resend-verification', { email_nm: demoEmails.customer }); // verification-not-needed
    // verification, and signup-access to the account's administrators
    const signup = await t.call('POST', '/api/users/create-user-from-invoice', {
      headers: from(),
      body: {
        ...newUser('signed.up@fjordline-kunde.example'),
        account_number: '1000201',
        invoice_number: await invoiceOf(t, '1000201'),
        g_recaptcha_response: await solveCaptcha(t),
      },
    });
    expect(signup.body.code).toBe('USER_CREATED');
    const asks = await t.call('POST', '/api/users/create-user-from-account', {
      headers: from(),
      body: {
        ...newUser('asks@fjordline-kunde.example'),
        account_number: '1000201',
        g_recaptcha_response: await solveCaptcha(t),
      },
    }); // access-request
    expect(asks.body.code).toBe('USER_CREATED');
    const accounts = [{ account_id: k.accountId, access_level: 1 }];
    await call(
      '/api/users/add-new-user',
      { email_nm: 'new.colleague@fjordline-kunde.example', first_nm: 'Nia', last_nm: 'Cole', accounts },
      k.admin,
    ); // invitation
    await call('/api/users/add-existing-user', { email_nm: demoEmails.customer, accounts }, k.admin); // access-invitation
  });

  it('profile and security: email changed, PIN reset, recovery code used', async () => {
    const june = await t.signIn('june.park@globex-health.example');
    await ok(
      t.call('POST', '/api/users/update-profile', {
        token: june,
        body: {
          email_nm: 'june.park@fjordline-kunde.example',
          first_nm: 'June',
          last_nm: 'Park',
          passwd: DEMO_PASSWORD,
        },
      }),
      'update-profile',
    ); // email-changed (and verification to the new address)
    const pinsList = (await t.call('POST', '/api/pins/get-user-accounts-pins', { token: k.customer, body: {} })).body
      .data as AccountPin[];
    const withPin = pinsList.find((a) => a.has_pin);
    expect(withPin).toBeDefined();
    await ok(
      t.call('POST', '/api/pins/send-pin-reset', { token: k.customer, body: { accountId: withPin?.account_id } }),
      'send-pin-reset',
    ); // pin-reset
    const signIn = (second: Record<string, string>) =>
      t.call('POST', '/api/auth/get-token', { body: { email: 'totp@demo.test', password: DEMO_PASSWORD, ...second } });
    t.clock.advance(30_000);
    const passcode = await generate({
      secret: TOTP_SECRET,
      epoch: Math.floor(t.clock.now() / 1000),
      guardrails: totpGuardrails,
    });
    const totp = (await ok(signIn({ passcode }), 'totp sign-in')).body as unknown as { data: { token: string } };
    const codes = await ok(
      t.call('POST', '/api/users/create-recovery-codes', {
        token: totp.data.token,
        body: { currentPassword: DEMO_PASSWORD },
      }),
      'create-recovery-codes',
    );
    const [code] = (codes.body as unknown as { data: { recovery_codes: string[] } }).data.recovery_codes;
    await ok(signIn({ recovery_code: code as string }), 'recovery sign-in'); // recovery-code-used
  });

  it('support: an inquiry and a new ticket, to the support inbox', async () => {
    await ok(
      t.call('POST', '/api/contact/inquire', {
        token: k.customer,
        body: feedbackInquiry,
      }),
      'inquire',
    ); // inquiry
    const orders = (await t.call('POST', '/api/orders/get-orders', { token: k.customer, body: {} })).body
      .data as Paged<{ base_order_id: number }>;
    await ok(
      t.call('POST', '/api/tickets/create-ticket', {
        token: k.customer,
        body: {
          base_order_id: orders.data[0]?.base_order_id,
          subject: 'Packet loss',
          description: 'Since 9 am.',
          impact: 'Low',
          contact_name: 'Casey Morgan',
          contact_email: 'casey@demo.test',
        },
      }),
      'create-ticket',
    ); // ticket
  });

  it('the workers: loaded users invited, a payment receipt, an autopay charge that needs the customer, a webhook disabled', async () => {
    const staff = await t.signIn(demoEmails.staff3);
    // set-password: a user loaded by the feed, invited by staff, mailed by the worker.
    const loaded = await batch(t, k.feed, 'users', [
      {
        email_nm: 'loaded@fjordline-kunde.example',
        first_nm: 'Lo',
        last_nm: 'Aded',
        accounts: [{ account_number: '1000201' }],
      },
    ]);
    expect(loaded.results[0]?.status).toBe('created');
    await ok(t.call('POST', '/api/integration/invite-loaded-users', { token: staff, body: {} }), 'invite');
    const deps = workerDeps();
    const invitations = createInvitationWorker(deps, { tickMs: 0 });
    expect(await invitations.drain()).toBeGreaterThanOrEqual(1);
    await invitations.stop();

    // payment-receipt: a card payment on the hosted page.
    const mark = k.stripe.events.length;
    const { sessionId } = await startPaying(k, 100);
    expect(await k.stripe.complete(sessionId, testCards.visa)).toEqual({ ok: true });
    await deliverAll(k, mark);

    // payment-action: autopay charges a card whose bank wants the customer.
    const setup = await ok(
      t.call('POST', '/api/payments/start-setup', { token: k.admin, body: { accountId: k.accountId } }),
      'start-setup',
    );
    const setupId = (setup.body as unknown as { data: { url: string } }).data.url.split('/').at(-1) as string;
    const before = k.stripe.events.length;
    await k.stripe.complete(setupId, testCards.authenticationRequired);
    await deliverAll(k, before);
    await ok(
      t.call('POST', '/api/payments/set-autopay', {
        token: k.admin,
        body: { accountId: k.accountId, enabled: true, days_before: 3 },
      }),
      'set-autopay',
    );
    // A webhook whose endpoint fails, made while the staff token works.
    const hook = await ok(
      t.call('POST', '/api/integration/tokens', {
        token: staff,
        body: { name: 'crm hook', scopes: ['events'], webhook_url: 'http://127.0.0.1:9/down' },
      }),
      'webhook token',
    );
    expect(hook.status).toBe(200);
    t.clock.advance(8 * 86_400_000); // INV-PAY-1 is due in two days: autopay's day.
    expect(await paymentsService(deps, createProvider(deps.env), () => {}).runAutopay()).toBe(1);

    // webhook-disabled: every delivery fails for more than three days.
    const down = async () => ({ ok: false, status: 503 });
    const start = t.clock.now();
    await deliverWebhooks(deps, down);
    while (t.clock.now() - start <= 73 * 3_600_000) {
      t.clock.advance(3_600_000);
      await deliverWebhooks(deps, down);
    }
  });

  it('each was sent over SMTP under the made-up sender, closed with its footer, without a trace of the demo company', async () => {
    const mails = await t.db.query<{
      to_address: string;
      kind: string;
      subject: string;
      text_body: string;
      html_body: string | null;
      status: string;
    }>(
      'SELECT to_address, kind, subject, text_body, html_body, status FROM mail_outbox WHERE mail_id > $1 ORDER BY mail_id',
      [since],
    );
    // Every kind the code knows was driven by a call above: a new kind fails here until it is.
    expect([...new Set(mails.map((m) => m.kind))].sort()).toEqual([...mailKinds].sort());
    for (const mail of mails) {
      const where = `${mail.kind} to ${mail.to_address}`;
      expect(mail.status, where).toBe('sent');
      expectNoTrace(`${mail.to_address}\n${mail.subject}\n${mail.text_body}\n${mail.html_body ?? ''}`, where);
      for (const line of madeUpFooter) expect(mail.text_body, where).toContain(line);
      if (mail.html_body) expect(mail.html_body, where).toContain(madeUpFooter[0]);
    }
    // The messages to the provider's own inboxes go to the made-up support address.
    for (const kind of ['ticket', 'inquiry'])
      expect(mails.filter((m) => m.kind === kind).map((m) => m.to_address)).toEqual(['hjelp@fjordline.example.org']);

    // What the SMTP server received: one message per mail, each from the made-up sender.
    expect(sink.received).toHaveLength(mails.length);
    for (const received of sink.received) {
      expect(received.raw).toMatch(/^From: "?Fjordline kundeservice"? <portal@fjordline\.example\.org>\r?$/m);
      expectNoTrace(received.raw, `SMTP message to ${received.to.join(', ')}`);
    }
  });
});
