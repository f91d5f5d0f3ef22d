import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identity } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { identityEnv, newUser, solveCaptcha, strongPassword, fromInvoice } from './helpers.ts';

/** SMTP pointing at a closed port: every send fails, as when the mail server is down. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ...identityEnv, SMTP_URL: 'smtp://127.0.0.1:9' });
});
afterAll(() => t.close());

const failedMails = async () =>
  (await t.db.one<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE status = 'failed'"))?.n ?? 0;

describe('when the mail server is down', () => {
  it('forgot-password reports MAIL_FAILED, the same for known and unknown addresses, and records the failure', async () => {
    const before = await failedMails();
    const known = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'customer@demo.test' } });
    const unknown = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'nobody@example.com' } });
    expect(known.status).toBe(502);
    expect(known.body.code).toBe('MAIL_FAILED');
    expect(unknown.body).toEqual(known.body);
    expect(await failedMails()).toBe(before + 2);
  });

  it('account creation still creates the user and says the verification email could not be sent', async () => {
    const email = 'mail.down@example.com';
    const res = await t.call('POST', '/api/users/create-user-from-invoice', {
      body: await fromInvoice(t, email),
    });
    expect(res.body).toEqual({
      data: { user_id: expect.any(Number), email_verified: false, verification_sent: false },
      code: 'USER_CREATED',
      message: identity.texts.userCreatedMailFailed,
    });
    expect(await t.signIn(email, strongPassword)).toBeTruthy();
  });

  it('an access request that cannot be sent is said in the answer', async () => {
    const res = await t.call('POST', '/api/users/create-user-from-account', {
      body: {
        ...newUser('asks.anyway@example.com'),
        account_number: '1000201',
        g_recaptcha_response: await solveCaptcha(t),
      },
    });
    expect(res.body.code).toBe('USER_CREATED');
    expect(res.body.message).toBe(`${identity.texts.userCreatedMailFailed} ${identity.texts.accessRequestFailed}`);
  });
});
