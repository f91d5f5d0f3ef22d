import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identity, passwordMessages, validationMessages as m } from '@portal/contract';

import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import { sendPasswordReset } from '../../src/modules/identity/password-reset.service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { HOUR, latestMail, linkSegments, mailCount, mailDeps, strongPassword } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const forgot = (email: string, ip = '10.0.0.1') =>
  t.call('POST', '/api/auth/forgot-password', { body: { email }, headers: { 'x-forwarded-for': ip } });

/** Asks for a reset of the address and returns the key and email from the mailed link. */
async function resetKeyFor(email: string): Promise<{ key: string; email: string }> {
  const res = await forgot(email);
  expect(res.body.code).toBe('SUCCESS');
  const mail = await latestMail(t, email, 'password-reset');
  const [key, linkEmail] = linkSegments(mail.links[0] as string, 'login/reset');
  return { key: key as string, email: linkEmail as string };
}

const reset = (body: Record<string, unknown>, ip = '10.0.0.2') =>
  t.call('POST', '/api/auth/reset-password', { body, headers: { 'x-forwarded-for': ip } });

describe('auth/forgot-password', () => {
  it('mails a reset link of the form login/reset/{key}/{email}', async () => {
    const res = await forgot('dana.whitaker@globex-health.example');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { message: identity.texts.forgotSent }, code: 'SUCCESS', message: '' });
    const mail = await latestMail(t, 'dana.whitaker@globex-health.example', 'password-reset');
    expect(mail.links).toHaveLength(1);
    const [key, email] = linkSegments(mail.links[0] as string, 'login/reset');
    expect(key).toMatch(/^[\w-]{43}$/);
    expect(email).toBe('dana.whitaker@globex-health.example');
    expect(mail.text_body).toContain(mail.links[0]);
  });

  it('stores only a hash of the key', async () => {
    const { key } = await resetKeyFor('miguel.santos@globex-health.example');
    const rows = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM password_resets');
    expect(rows.some((r) => r.token_hash.includes(key))).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('answers exactly the same for an unknown address (no enumeration) and sends no link', async () => {
    const known = await forgot('june.park@globex-health.example');
    const unknown = await forgot('nobody-here@example.com');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const notice = await latestMail(t, 'nobody-here@example.com');
    expect(notice.kind).toBe('password-reset-unknown');
    expect(notice.links).toEqual([]);
  });

  it('validates the email with the spec messages', async () => {
    expect((await forgot('')).body).toMatchObject({ code: 'VALIDATION_ERROR', data: { email: [m.required] } });
    expect((await forgot('not-an-email')).body).toMatchObject({ code: 'VALIDATION_ERROR', data: { email: [m.email] } });
  });

  it('limits messages per address (known or not), answering TOO_MANY_ATTEMPTS', async () => {
    for (const email of ['rita.alvarez@acme-logistics.example', 'ghost@example.com']) {
      for (let i = 0; i < 10; i += 1) expect((await forgot(email, `10.1.0.${i}`)).body.code).toBe('SUCCESS');
      const blocked = await forgot(email, '10.1.0.99');
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('TOO_MANY_ATTEMPTS');
    }
    expect(await mailCount(t, 'rita.alvarez@acme-logistics.example', 'password-reset')).toBe(10);
    t.clock.advance(16 * 60 * 1000);
    expect((await forgot('rita.alvarez@acme-logistics.example')).body.code).toBe('SUCCESS');
  });

  it('limits attempts per client address', async () => {
    const limited = await createTestApp({ ATTEMPTS_PER_ADDRESS: '3' });
    try {
      for (let i = 0; i < 3; i += 1) {
        const res = await limited.call('POST', '/api/auth/forgot-password', { body: { email: `a${i}@example.com` } });
        expect(res.body.code).toBe('SUCCESS');
      }
      const res = await limited.call('POST', '/api/auth/forgot-password', { body: { email: 'a9@example.com' } });
      expect(res.body.code).toBe('TOO_MANY_ATTEMPTS');
    } finally {
      await limited.close();
    }
  });
});

describe('auth/reset-password', () => {
  it('sets the new password once, signs out every session and verifies the address', async () => {
    const email = 'customer@demo.test';
    const oldToken = await t.signIn(email);
    const { key } = await resetKeyFor(email);
    const res = await reset({ reset_key: key, email_nm: email, passwd: strongPassword, confirm: strongPassword });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { message: identity.texts.passwordReset }, code: 'SUCCESS', message: '' });

    expect((await t.call('GET', '/api/users/get-authenticated-user', { token: oldToken })).body.code).toBe(
      'INVALID_TOKEN',
    );
    await expect(t.signIn(email)).rejects.toThrow(/INVALID_CREDENTIALS/);
    expect(await t.signIn(email, strongPassword)).toBeTruthy();

    const again = await reset({
      reset_key: key,
      email_nm: email,
      passwd: 'Another-Fine-Pass-77',
      confirm: 'Another-Fine-Pass-77',
    });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ data: null, code: 'NOT_FOUND', message: identity.texts.resetLinkInvalid });
  });

  it('works for an hour and not after', async () => {
    const email = 'staff1@demo.test';
    const first = await resetKeyFor(email);
    t.clock.advance(HOUR + 1000);
    const late = await reset({
      reset_key: first.key,
      email_nm: email,
      passwd: strongPassword,
      confirm: strongPassword,
    });
    expect(late.body.code).toBe('NOT_FOUND');

    const second = await resetKeyFor(email);
    t.clock.advance(HOUR - 60_000);
    const inTime = await reset({
      reset_key: second.key,
      email_nm: email,
      passwd: strongPassword,
      confirm: strongPassword,
    });
    expect(inTime.body.code).toBe('SUCCESS');
  });

  it('only the newest link works, and only for the address it was sent to', async () => {
    const email = 'staff2@demo.test';
    const older = await resetKeyFor(email);
    const newer = await resetKeyFor(email);
    const body = { passwd: strongPassword, confirm: strongPassword };
    expect((await reset({ ...body, reset_key: older.key, email_nm: email })).body.code).toBe('NOT_FOUND');
    expect((await reset({ ...body, reset_key: newer.key, email_nm: 'staff3@demo.test' })).body.code).toBe('NOT_FOUND');
    expect((await reset({ ...body, reset_key: newer.key, email_nm: 'STAFF2@demo.test' })).body.code).toBe('SUCCESS');
  });

  it('validates every field, the password policy included', async () => {
    const res = await reset({});
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      reset_key: [m.required],
      email_nm: [m.required],
      passwd: [m.required],
      confirm: [m.required],
    });
    const base = { reset_key: 'abc', email_nm: 'someone.long@example.com' };
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ passwd: 'Short-1', confirm: 'Short-1' }, { passwd: [passwordMessages.tooShort] }],
      [{ passwd: 'Password12345!', confirm: 'Password12345!' }, { passwd: [passwordMessages.common] }],
      [
        { passwd: 'someone.long@example.com', confirm: 'someone.long@example.com' },
        { passwd: [passwordMessages.email] },
      ],
      [{ passwd: strongPassword, confirm: `${strongPassword}x` }, { confirm: [m.equalto] }],
      [{ passwd: strongPassword, confirm: strongPassword, reset_key: 'bad key!' }, { reset_key: [m.alphanum] }],
    ];
    for (const [fields, expected] of cases) {
      const r = await reset({ ...base, ...fields });
      expect(r.body.code).toBe('VALIDATION_ERROR');
      expect(r.body.data).toEqual(expected);
    }
  });

  it('locks an address after repeated bad links', async () => {
    const email = 'june.park@globex-health.example';
    const body = { email_nm: email, passwd: strongPassword, confirm: strongPassword };
    for (let i = 0; i < 10; i += 1) {
      expect((await reset({ ...body, reset_key: `guess${i}` }, `10.2.0.${i}`)).body.code).toBe('NOT_FOUND');
    }
    const { key } = await resetKeyFor(email);
    const blocked = await reset({ ...body, reset_key: key });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('sendPasswordReset (for administrators and staff)', () => {
  it('mails a working reset link to a user by id', async () => {
    const user = await t.db.one<{ user_id: number }>(
      "SELECT user_id FROM users WHERE email_nm = 'noaccounts@demo.test'",
    );
    await sendPasswordReset(mailDeps(t), user?.user_id as number);
    const mail = await latestMail(t, 'noaccounts@demo.test', 'password-reset');
    const [key] = linkSegments(mail.links[0] as string, 'login/reset');
    const res = await reset({
      reset_key: key,
      email_nm: 'noaccounts@demo.test',
      passwd: strongPassword,
      confirm: strongPassword,
    });
    expect(res.body.code).toBe('SUCCESS');
    await expect(t.signIn('noaccounts@demo.test', DEMO_PASSWORD)).rejects.toThrow();
  });

  it('answers NOT_FOUND for an unknown user', async () => {
    await expect(sendPasswordReset(mailDeps(t), 987654)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
