import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identity, passwordMessages, validationMessages as m } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoProvider } from '../../src/seed/provider.ts';
import {
  HOUR,
  identityEnv,
  invoiceOf,
  latestMail,
  linkSegments,
  mailCount,
  newUser,
  solveCaptcha,
  strongPassword,
  fromInvoice,
} from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(identityEnv);
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each call from its own client address, so the per-address ceiling does not mix tests. */
const post = (path: string, body: Record<string, unknown>, ip = `10.9.0.${(ipCounter += 1) % 250}`) =>
  t.call('POST', `/api/users/${path}`, { body, headers: { 'x-forwarded-for': ip } });

const membership = (email: string) =>
  t.db.query<{ account_number: string; is_account_admin: boolean }>(
    `SELECT a.account_number, au.is_account_admin FROM accounts_users au
       JOIN accounts a ON a.account_id = au.account_id JOIN users u ON u.user_id = au.user_id
      WHERE u.email_nm = $1 ORDER BY a.account_number`,
    [email],
  );

describe('users/create-user-from-invoice', () => {
  it('creates an unverified user on the account, answers USER_CREATED and mails a verification link', async () => {
    const email = 'new.invoice@example.com';
    const body = await fromInvoice(t, email);
    const res = await post('create-user-from-invoice', body);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('USER_CREATED');
    expect(res.body.message).toBe(identity.texts.userCreated);
    expect(res.body.data).toMatchObject({ email_verified: false, verification_sent: true });
    expect(await membership(email)).toEqual([{ account_number: '1000101', is_account_admin: false }]);

    const mail = await latestMail(t, email, 'verification');
    const [userId] = linkSegments(mail.links[0] as string, 'login/verify-email');
    expect(Number(userId)).toBe((res.body.data as { user_id: number }).user_id);

    // The app signs in right away (USER_CREATED): allowed while the verification link is valid...
    const token = await t.signIn(email, strongPassword);
    // ...and the agreements ticked with legal_agree count as accepted.
    const accounts = await t.call('GET', '/api/accounts/get-accounts', { token });
    expect(accounts.body.code).toBe('SUCCESS');
    const profile = await t.call('GET', '/api/users/get-profile', { token });
    expect(profile.body.data).toMatchObject({ email_nm: email, first_nm: 'Robin', email_verified: false });
  });

  it('refuses a sign-in of an unverified user after the verification period, until verified', async () => {
    const email = 'slow.verifier@example.com';
    const res = await post('create-user-from-invoice', {
      ...newUser(email),
      account_number: '1000201',
      invoice_number: await invoiceOf(t, '1000201'),
      g_recaptcha_response: await solveCaptcha(t),
    });
    expect(res.body.code).toBe('USER_CREATED');
    t.clock.advance(73 * HOUR);
    await expect(t.signIn(email, strongPassword)).rejects.toThrow(/EMAIL_NOT_VERIFIED/);
    await t.call('POST', '/api/users/resend-verification', { body: { email_nm: email } });
    const [userId, hash] = linkSegments(
      (await latestMail(t, email, 'verification')).links[0] as string,
      'login/verify-email',
    );
    expect((await t.call('POST', '/api/users/verify-email', { body: { userId, hash } })).body.code).toBe('SUCCESS');
    expect(await t.signIn(email, strongPassword)).toBeTruthy();
  });

  it('refuses an account number and invoice number that do not belong together', async () => {
    const res = await post('create-user-from-invoice', {
      ...newUser('mismatch@example.com'),
      account_number: '1000101',
      invoice_number: await invoiceOf(t, '1000201'),
      g_recaptcha_response: await solveCaptcha(t),
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { invoice_number: [identity.texts.accountInvoiceMismatch] },
    });
    expect(await t.db.one("SELECT 1 FROM users WHERE email_nm = 'mismatch@example.com'")).toBeUndefined();
  });

  it('stops guessing invoice numbers of one account after 10 misses', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await post('create-user-from-invoice', {
        ...newUser(`guess${i}@example.com`),
        account_number: '1000401',
        invoice_number: `NOPE-${i}`,
        g_recaptcha_response: await solveCaptcha(t),
      });
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    const res = await post('create-user-from-invoice', {
      ...newUser('guess-right@example.com'),
      account_number: '1000401',
      invoice_number: await invoiceOf(t, '1000401'),
      g_recaptcha_response: await solveCaptcha(t),
    });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('refuses an address that already has a user', async () => {
    const res = await post('create-user-from-invoice', await fromInvoice(t, 'Customer@Demo.test'));
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { email_nm: [identity.texts.emailTaken] } });
  });

  it('validates every field with the spec messages and the password policy', async () => {
    const empty = await post('create-user-from-invoice', {});
    expect(empty.status).toBe(422);
    expect(empty.body.data).toEqual({
      email_nm: [m.required],
      first_nm: [m.required],
      last_nm: [m.required],
      passwd: [m.required],
      confirm: [m.required],
      legal_agree: [identity.texts.legalRequired],
      g_recaptcha_response: [identity.texts.captchaFailed],
      account_number: [m.required],
      invoice_number: [m.required],
    });
    const base = {
      ...newUser('valid.one@example.com'),
      account_number: '1000101',
      invoice_number: 'X1',
      g_recaptcha_response: 'x',
    };
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ email_nm: 'nope' }, { email_nm: [m.email] }],
      [{ first_nm: '   ' }, { first_nm: [m.required] }],
      [{ last_nm: 'x'.repeat(101) }, { last_nm: [m.maxlength] }],
      [{ passwd: 'short-pw', confirm: 'short-pw' }, { passwd: [passwordMessages.tooShort] }],
      [{ passwd: 'qwerty123456!', confirm: 'qwerty123456!' }, { passwd: [passwordMessages.common] }],
      [{ passwd: 'valid.one@example.com', confirm: 'valid.one@example.com' }, { passwd: [passwordMessages.email] }],
      [{ confirm: 'Something-Else-123' }, { confirm: [m.equalto] }],
      [{ legal_agree: false }, { legal_agree: [identity.texts.legalRequired] }],
      [{ account_number: '10001A' }, { account_number: [m.digits] }],
      [{ invoice_number: 'INV 1' }, { invoice_number: [m.alphanum] }],
    ];
    for (const [fields, expected] of cases) {
      const res = await post('create-user-from-invoice', { ...base, ...fields });
      expect(res.body.code, JSON.stringify(fields)).toBe('VALIDATION_ERROR');
      expect(res.body.data, JSON.stringify(fields)).toEqual(expected);
    }
  });

  it('refuses a wrong, reused or expired captcha', async () => {
    const body = {
      ...newUser('captcha.user@example.com'),
      account_number: '1000101',
      invoice_number: await invoiceOf(t, '1000101'),
    };
    const captchaError = { code: 'VALIDATION_ERROR', data: { g_recaptcha_response: [identity.texts.captchaFailed] } };

    expect(
      (await post('create-user-from-invoice', { ...body, g_recaptcha_response: 'not-a-solution' })).body,
    ).toMatchObject(captchaError);

    // A tampered solution (another counter) fails.
    const solved = JSON.parse(Buffer.from(await solveCaptcha(t), 'base64').toString());
    solved.solution.counter += 1;
    const tampered = Buffer.from(JSON.stringify(solved)).toString('base64');
    expect((await post('create-user-from-invoice', { ...body, g_recaptcha_response: tampered })).body).toMatchObject(
      captchaError,
    );

    // A solution is accepted once: the second use fails even when the first request failed later on.
    const once = await solveCaptcha(t);
    const first = await post('create-user-from-invoice', {
      ...body,
      email_nm: 'customer@demo.test',
      g_recaptcha_response: once,
    });
    expect(first.body.data).toEqual({ email_nm: [identity.texts.emailTaken] });
    expect((await post('create-user-from-invoice', { ...body, g_recaptcha_response: once })).body).toMatchObject(
      captchaError,
    );

    // Challenges expire after 10 minutes.
    const stale = await solveCaptcha(t);
    t.clock.advance(11 * 60 * 1000);
    expect((await post('create-user-from-invoice', { ...body, g_recaptcha_response: stale })).body).toMatchObject(
      captchaError,
    );
    expect(await t.db.one("SELECT 1 FROM users WHERE email_nm = 'captcha.user@example.com'")).toBeUndefined();
  });

  it('limits attempts per client address', async () => {
    const limited = await createTestApp({ ...identityEnv, ATTEMPTS_PER_ADDRESS: '2' });
    try {
      const body = { ...newUser('x@example.com'), account_number: '1', invoice_number: '1', g_recaptcha_response: 'x' };
      const codes: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        codes.push((await limited.call('POST', '/api/users/create-user-from-invoice', { body })).body.code);
      }
      expect(codes).toEqual(['VALIDATION_ERROR', 'VALIDATION_ERROR', 'TOO_MANY_ATTEMPTS']);
    } finally {
      await limited.close();
    }
  });
});

describe('users/create-user-from-account', () => {
  it('creates the user without access and asks the account administrators to grant it', async () => {
    const email = 'asks.for.access@example.com';
    const res = await post('create-user-from-account', {
      ...newUser(email),
      account_number: '1000201',
      g_recaptcha_response: await solveCaptcha(t),
    });
    expect(res.body.code).toBe('USER_CREATED');
    expect(res.body.message).toBe(`${identity.texts.userCreated} ${identity.texts.accessRequested}`);
    expect(await membership(email)).toEqual([]);
    const request = await latestMail(t, 'admin@demo.test', 'access-request');
    expect(request.text_body).toContain(email);
    expect(await mailCount(t, email, 'verification')).toBe(1);
  });

  it('tells the support inbox when the account has no administrator', async () => {
    // 1000401 is the demo account without an administrator; the guessing test above locked it for a while.
    t.clock.advance(24 * HOUR);
    const res = await post('create-user-from-account', {
      ...newUser('no.admin.account@example.com'),
      account_number: '1000401',
      g_recaptcha_response: await solveCaptcha(t),
    });
    expect(res.body.code).toBe('USER_CREATED');
    expect((await latestMail(t, demoProvider.support_email, 'access-request')).text_body).toContain(
      'no.admin.account@example.com',
    );
  });

  it('refuses an unknown account number', async () => {
    const res = await post('create-user-from-account', {
      ...newUser('unknown.account@example.com'),
      account_number: '999999999',
      g_recaptcha_response: await solveCaptcha(t),
    });
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { account_number: [identity.texts.accountNotFound] },
    });
  });
});
