import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identity, passwordMessages, validationMessages as m } from '@portal/contract';

import { sendSetPasswordInvitation } from '../../src/modules/identity/verification.service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  HOUR,
  identityEnv,
  latestMail,
  linkSegments,
  mailCount,
  mailDeps,
  solveCaptcha,
  strongPassword,
  fromInvoice,
} from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(identityEnv);
});
afterAll(() => t.close());

/** Creates a user from an invoice and returns the userId and hash of the mailed verification link. */
async function createUser(email: string): Promise<{ userId: string; hash: string }> {
  const res = await t.call('POST', '/api/users/create-user-from-invoice', {
    body: await fromInvoice(t, email),
  });
  expect(res.body.code).toBe('USER_CREATED');
  return verificationLink(email);
}

async function verificationLink(email: string, kind = 'verification', page = 'login/verify-email') {
  const [userId, hash] = linkSegments((await latestMail(t, email, kind)).links[0] as string, page);
  return { userId: userId as string, hash: hash as string };
}

const verify = (body: Record<string, unknown>) => t.call('POST', '/api/users/verify-email', { body });
const isVerified = async (email: string) =>
  (await t.db.one<{ v: boolean }>('SELECT email_verified_at IS NOT NULL AS v FROM users WHERE email_nm = $1', [email]))
    ?.v;

describe('users/verify-email', () => {
  it('verifies the address once', async () => {
    const email = 'verify.me@example.com';
    const link = await createUser(email);
    expect(await isVerified(email)).toBe(false);
    const res = await verify(link);
    expect(res.body).toEqual({ data: { message: identity.texts.emailVerified }, code: 'SUCCESS', message: '' });
    expect(await isVerified(email)).toBe(true);
    const again = await verify(link);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ data: null, code: 'NOT_FOUND', message: identity.texts.verifyLinkInvalid });
  });

  it('expires after 72 hours', async () => {
    const link = await createUser('too.late@example.com');
    t.clock.advance(72 * HOUR + 1000);
    expect((await verify(link)).body.code).toBe('NOT_FOUND');
    expect(await isVerified('too.late@example.com')).toBe(false);
  });

  it('needs the link of that user', async () => {
    const link = await createUser('someone.else@example.com');
    const other = await t.db.one<{ user_id: number }>(
      "SELECT user_id FROM users WHERE email_nm = 'customer@demo.test'",
    );
    expect((await verify({ ...link, userId: other?.user_id })).body.code).toBe('NOT_FOUND');
  });

  it('validates userId and hash', async () => {
    expect((await verify({})).body.data).toEqual({ userId: [m.integer], hash: [m.required] });
    expect((await verify({ userId: '-1', hash: 'a/b' })).body.data).toEqual({
      userId: [m.integer],
      hash: [m.alphanum],
    });
  });
});

describe('users/resend-verification', () => {
  const resend = (email_nm: string, ip = '10.3.0.1') =>
    t.call('POST', '/api/users/resend-verification', { body: { email_nm }, headers: { 'x-forwarded-for': ip } });

  it('sends a new link and the older one stops working', async () => {
    const email = 'lost.mail@example.com';
    const first = await createUser(email);
    const res = await resend(email);
    expect(res.body).toEqual({ data: { message: identity.texts.resendSent }, code: 'SUCCESS', message: '' });
    const second = await verificationLink(email);
    expect(second.hash).not.toBe(first.hash);
    expect((await verify(first)).body.code).toBe('NOT_FOUND');
    expect((await verify(second)).body.code).toBe('SUCCESS');
  });

  it('answers the same for a verified user and an unknown address (no enumeration), sending no link', async () => {
    const verified = await resend('customer@demo.test');
    const unknown = await resend('no.such.user@example.com');
    expect(unknown.status).toBe(verified.status);
    expect(unknown.body).toEqual(verified.body);
    expect((await latestMail(t, 'customer@demo.test')).kind).toBe('verification-not-needed');
    expect((await latestMail(t, 'no.such.user@example.com')).links).toEqual([]);
  });

  it('validates the email and limits requests per address', async () => {
    expect((await resend('x')).body).toMatchObject({ code: 'VALIDATION_ERROR', data: { email_nm: [m.email] } });
    for (let i = 0; i < 10; i += 1)
      expect((await resend('flood@example.com', `10.4.0.${i}`)).body.code).toBe('SUCCESS');
    const blocked = await resend('flood@example.com', '10.4.0.50');
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_ATTEMPTS');
    expect(await mailCount(t, 'flood@example.com')).toBe(10);
  });
});

describe('users/verify-email-and-set-password (invited users)', () => {
  /** A user made by an administrator without a password, who gets the verify-account link. */
  async function invitedUser(email: string) {
    const row = await t.db.one<{ user_id: number }>(
      "INSERT INTO users (email_nm, first_nm, last_nm) VALUES ($1, 'Ada', 'Quill') RETURNING user_id",
      [email],
    );
    await t.db.query(
      'INSERT INTO accounts_users (account_id, user_id) SELECT account_id, $1 FROM accounts WHERE account_number = $2',
      [row?.user_id, '1000101'],
    );
    await sendSetPasswordInvitation(mailDeps(t), row?.user_id as number);
    return verificationLink(email, 'set-password', 'login/verify-account');
  }
  const setPassword = (body: Record<string, unknown>) =>
    t.call('POST', '/api/users/verify-email-and-set-password', { body });

  it('verifies the address and sets the first password, once', async () => {
    const email = 'invited.person@example.com';
    const link = await invitedUser(email);
    await expect(t.signIn(email, strongPassword)).rejects.toThrow();
    const body = { ...link, passwd: strongPassword, confirm: strongPassword };
    const res = await setPassword({ ...body, g_recaptcha_response: await solveCaptcha(t) });
    expect(res.body).toEqual({ data: { message: identity.texts.accountVerified }, code: 'SUCCESS', message: '' });
    expect(await isVerified(email)).toBe(true);
    expect(await t.signIn(email, strongPassword)).toBeTruthy();
    const again = await setPassword({
      ...body,
      passwd: 'Other-Lantern-Pass-1',
      confirm: 'Other-Lantern-Pass-1',
      g_recaptcha_response: await solveCaptcha(t),
    });
    expect(again.body.code).toBe('NOT_FOUND');
  });

  it('resend-verification sends an invited user a new set-password link', async () => {
    const email = 'invited.again@example.com';
    const first = await invitedUser(email);
    await t.call('POST', '/api/users/resend-verification', { body: { email_nm: email } });
    const second = await verificationLink(email, 'set-password', 'login/verify-account');
    expect(second.hash).not.toBe(first.hash);
  });

  it('refuses a wrong captcha, an expired link and a weak password', async () => {
    const email = 'invited.careful@example.com';
    const link = await invitedUser(email);
    const body = { ...link, passwd: strongPassword, confirm: strongPassword };
    expect((await setPassword({ ...body, g_recaptcha_response: 'nope' })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { g_recaptcha_response: [identity.texts.captchaFailed] },
    });
    const weak = await setPassword({
      ...body,
      passwd: 'invited.careful',
      confirm: 'invited.careful',
      g_recaptcha_response: await solveCaptcha(t),
    });
    expect(weak.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { passwd: [passwordMessages.email] } });
    expect((await setPassword({ ...body, confirm: 'x' })).body.data).toEqual({
      confirm: [m.equalto],
      g_recaptcha_response: [identity.texts.captchaFailed],
    });
    t.clock.advance(7 * 24 * HOUR + 1000);
    expect((await setPassword({ ...body, g_recaptcha_response: await solveCaptcha(t) })).body.code).toBe('NOT_FOUND');
  });
});
