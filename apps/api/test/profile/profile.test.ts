import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { messages, passwordMessages, profile, validationMessages as m } from '@portal/contract';

import { DEMO_PASSWORD, TOTP_SECRET } from '../../src/seed/demo.ts';
import { createTokens } from '../../src/lib/tokens.ts';
import { totpGuardrails } from '../../src/modules/auth/totp.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { latestMail, strongPassword } from '../identity/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const texts = profile.profileTexts;
const post = (path: string, token: string | undefined, body: Record<string, unknown> = {}) =>
  t.call('POST', `/api/users/${path}`, { token, body });
const get = (path: string, token?: string) => t.call('GET', `/api/users/${path}`, { token });
const code = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(t.clock.now() / 1000) + offsetSeconds, guardrails: totpGuardrails });

/** A staff member signed in as the user (token with `act`). */
async function actorToken(email: string): Promise<string> {
  const user = await t.db.one<{ user_id: number; token_version: number }>(
    'SELECT user_id, token_version FROM users WHERE email_nm = $1',
    [email],
  );
  const tokens = createTokens('test-secret-that-is-long-enough-0123456789', 3600);
  return (
    await tokens.sign({
      user_id: user?.user_id as number,
      uss_admin_level: 0,
      tv: user?.token_version as number,
      act: 1,
    })
  ).token;
}

describe('users/get-profile', () => {
  it('answers the profile fields', async () => {
    const res = await get('get-profile', await t.signIn('customer@demo.test'));
    expect(res.body.data).toMatchObject({
      email_nm: 'customer@demo.test',
      first_nm: 'Casey',
      last_nm: 'Morgan',
      email_verified: true,
      two_factor_enabled: false,
    });
    expect((await get('get-profile')).body.code).toBe('INVALID_TOKEN');
  });
});

describe('users/update-profile', () => {
  it('changes the names with the current password', async () => {
    const token = await t.signIn('dana.whitaker@globex-health.example');
    const res = await post('update-profile', token, {
      email_nm: 'dana.whitaker@globex-health.example',
      first_nm: 'Danielle',
      last_nm: 'Whitaker-Reyes',
      passwd: DEMO_PASSWORD,
    });
    expect(res.body.code).toBe('SUCCESS');
    expect(res.body.data).toMatchObject({ first_nm: 'Danielle', last_nm: 'Whitaker-Reyes', email_verified: true });
  });

  it('makes a new email address unverified, mails it a link and tells the old one', async () => {
    const token = await t.signIn('june.park@globex-health.example');
    const res = await post('update-profile', token, {
      email_nm: 'June.Park@new-domain.example',
      first_nm: 'June',
      last_nm: 'Park',
      passwd: DEMO_PASSWORD,
    });
    expect(res.body.data).toMatchObject({ email_nm: 'june.park@new-domain.example', email_verified: false });
    const link = (await latestMail(t, 'june.park@new-domain.example', 'verification')).links[0] as string;
    expect(link).toContain('/portal/login/verify-email/');
    expect((await latestMail(t, 'june.park@globex-health.example', 'email-changed')).text_body).toContain(
      'june.park@new-domain.example',
    );
    // The session goes on, and the user can sign in with the new address while the link is valid.
    expect((await get('get-profile', token)).body.code).toBe('SUCCESS');
    expect(await t.signIn('june.park@new-domain.example')).toBeTruthy();
  });

  it('refuses a wrong current password, a taken address and bad fields', async () => {
    const token = await t.signIn('miguel.santos@globex-health.example');
    const base = {
      email_nm: 'miguel.santos@globex-health.example',
      first_nm: 'Miguel',
      last_nm: 'Santos',
      passwd: DEMO_PASSWORD,
    };
    expect((await post('update-profile', token, { ...base, passwd: 'wrong-password' })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { passwd: [texts.wrongPassword] },
    });
    expect((await post('update-profile', token, { ...base, email_nm: 'ADMIN@demo.test' })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { email_nm: ['This email address is used by another portal user.'] },
    });
    expect((await post('update-profile', token, {})).body.data).toEqual({
      email_nm: [m.required],
      first_nm: [m.required],
      last_nm: [m.required],
      passwd: [m.required],
    });
    expect(
      (await post('update-profile', token, { ...base, email_nm: 'x@', last_nm: 'y'.repeat(101) })).body.data,
    ).toEqual({
      email_nm: [m.email],
      last_nm: [m.maxlength],
    });
    expect((await post('update-profile', undefined, base)).body.code).toBe('INVALID_TOKEN');
  });

  it('locks after 10 wrong current passwords', async () => {
    const token = await t.signIn('rita.alvarez@acme-logistics.example');
    const base = { email_nm: 'rita.alvarez@acme-logistics.example', first_nm: 'Rita', last_nm: 'Alvarez' };
    for (let i = 0; i < 10; i += 1) {
      expect((await post('update-profile', token, { ...base, passwd: `wrong-${i}` })).body.code).toBe(
        'VALIDATION_ERROR',
      );
    }
    const blocked = await post('update-profile', token, { ...base, passwd: DEMO_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('is reachable while two-factor is required but off, not while an agreement is pending', async () => {
    const required = await t.signIn('twofa-required@demo.test');
    expect((await get('get-profile', required)).body.code).toBe('SUCCESS');
    const legal = await t.signIn('legal@demo.test');
    const res = await post('update-profile', legal, {
      email_nm: 'legal@demo.test',
      first_nm: 'L',
      last_nm: 'G',
      passwd: DEMO_PASSWORD,
    });
    expect(res.body.code).toBe('UNACCEPTED_LEGAL_AGREEMENT');
  });
});

describe('users/update-password', () => {
  it('changes the password, revokes the other sessions and answers a fresh token', async () => {
    const email = 'staff1@demo.test';
    const other = await t.signIn(email);
    const token = await t.signIn(email);
    const res = await post('update-password', token, {
      current_password: DEMO_PASSWORD,
      passwd: strongPassword,
      confirm: strongPassword,
    });
    expect(res.status).toBe(200);
    const fresh = res.body.data as { token: string; expires_at: number };
    expect(fresh.expires_at).toBeGreaterThan(t.clock.now() / 1000);
    expect((await get('get-profile', other)).body.code).toBe('INVALID_TOKEN');
    expect((await get('get-profile', token)).body.code).toBe('INVALID_TOKEN');
    expect((await get('get-profile', fresh.token)).body.code).toBe('SUCCESS');
    await expect(t.signIn(email)).rejects.toThrow(/INVALID_CREDENTIALS/);
    expect(await t.signIn(email, strongPassword)).toBeTruthy();
  });

  it('checks the current password and the policy of the new one', async () => {
    const token = await t.signIn('staff2@demo.test');
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [
        { current_password: 'nope', passwd: strongPassword, confirm: strongPassword },
        { current_password: [texts.wrongPassword] },
      ],
      [{ current_password: DEMO_PASSWORD, passwd: 'tiny', confirm: 'tiny' }, { passwd: [passwordMessages.tooShort] }],
      [
        { current_password: DEMO_PASSWORD, passwd: 'staff2@demo.test', confirm: 'staff2@demo.test' },
        { passwd: [passwordMessages.email] },
      ],
      [
        { current_password: DEMO_PASSWORD, passwd: 'Football2024!!', confirm: 'Football2024!!' },
        { passwd: [passwordMessages.common] },
      ],
      [{ current_password: DEMO_PASSWORD, passwd: strongPassword, confirm: 'different-one' }, { confirm: [m.equalto] }],
      [{}, { current_password: [m.required], passwd: [m.required], confirm: [m.required] }],
    ];
    for (const [body, expected] of cases) {
      const res = await post('update-password', token, body);
      expect(res.body.code, JSON.stringify(body)).toBe('VALIDATION_ERROR');
      expect(res.body.data, JSON.stringify(body)).toEqual(expected);
    }
    const same = await post('update-password', token, {
      current_password: DEMO_PASSWORD,
      passwd: DEMO_PASSWORD,
      confirm: DEMO_PASSWORD,
    });
    expect(same.body.data).toEqual({ passwd: [texts.samePassword] });
  });

  it('refuses staff signed in as the user, and callers without a token', async () => {
    const res = await post('update-password', await actorToken('staff3@demo.test'), {
      current_password: DEMO_PASSWORD,
      passwd: strongPassword,
      confirm: strongPassword,
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'FORBIDDEN', message: texts.actorCannotChange });
    expect((await post('update-password', undefined, {})).body.code).toBe('INVALID_TOKEN');
  });
});

describe('two-factor: get started, activate, sign in, disable', () => {
  it('turns two-factor on with a passcode, then sign-in asks for one, then it turns off', async () => {
    const email = 'customer@demo.test';
    const token = await t.signIn(email);
    const started = await get('get-two-factor-authentication-secret', token);
    const { key, qr } = started.body.data as { key: string; qr: string };
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(qr).toMatch(/^data:image\/png;base64,/);

    const wrong = await post('activate-two-factor-authentication-secret', token, {
      passcode: '000000',
      secretKey: key,
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_PASSCODE', message: messages.invalidPasscode });

    const passcode = await code(key);
    const on = await post('activate-two-factor-authentication-secret', token, { passcode, secretKey: key });
    expect(on.body).toEqual({
      data: { two_factor_enabled: true, recovery_codes: expect.any(Array) },
      code: 'SUCCESS',
      message: '',
    });
    expect((on.body.data as { recovery_codes: string[] }).recovery_codes).toHaveLength(10);
    expect((await get('get-profile', token)).body.data).toMatchObject({ two_factor_enabled: true });

    // The code that turned it on cannot also sign in (accepted once).
    const confirm = await t.call('POST', '/api/auth/confirm-user-password', {
      body: { email, password: DEMO_PASSWORD },
    });
    expect(confirm.body.data).toEqual({ two_factor_enabled: true });
    const noPasscode = await t.call('POST', '/api/auth/get-token', { body: { email, password: DEMO_PASSWORD } });
    expect(noPasscode.body.code).toBe('TWO_FACTOR_AUTH_REQUIRED');
    const replay = await t.call('POST', '/api/auth/get-token', { body: { email, password: DEMO_PASSWORD, passcode } });
    expect(replay.body.code).toBe('INVALID_PASSCODE');
    t.clock.advance(30_000);
    const signedIn = await t.call('POST', '/api/auth/get-token', {
      body: { email, password: DEMO_PASSWORD, passcode: await code(key) },
    });
    expect(signedIn.body.code).toBe('SUCCESS');

    const again = await post('activate-two-factor-authentication-secret', token, {
      passcode: await code(key, 30),
      secretKey: key,
    });
    expect(again.body).toMatchObject({ code: 'FORBIDDEN', message: texts.alreadyOn });

    const badPassword = await post('disable-two-factor-authentication', token, { currentPassword: 'nope' });
    expect(badPassword.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { currentPassword: [texts.wrongPassword] },
    });
    const off = await post('disable-two-factor-authentication', token, { currentPassword: DEMO_PASSWORD });
    expect(off.body).toEqual({ data: { two_factor_enabled: false }, code: 'SUCCESS', message: '' });
    expect(
      (await t.call('POST', '/api/auth/confirm-user-password', { body: { email, password: DEMO_PASSWORD } })).body.data,
    ).toEqual({
      two_factor_enabled: false,
    });
  });

  it('refuses a passcode already used to sign in (TOTP replay)', async () => {
    const email = 'totp@demo.test';
    const passcode = await code(TOTP_SECRET);
    const first = await t.call('POST', '/api/auth/get-token', { body: { email, password: DEMO_PASSWORD, passcode } });
    expect(first.body.code).toBe('SUCCESS');
    const second = await t.call('POST', '/api/auth/get-token', { body: { email, password: DEMO_PASSWORD, passcode } });
    expect(second.body.code).toBe('INVALID_PASSCODE');
  });

  it('locks activation after 10 wrong passcodes', async () => {
    const token = await t.signIn('admin@demo.test');
    const { key } = (await get('get-two-factor-authentication-secret', token)).body.data as { key: string };
    for (let i = 0; i < 10; i += 1) {
      const res = await post('activate-two-factor-authentication-secret', token, {
        passcode: String(100000 + i),
        secretKey: key,
      });
      expect(res.body.code).toBe('INVALID_PASSCODE');
    }
    const blocked = await post('activate-two-factor-authentication-secret', token, {
      passcode: await code(key),
      secretKey: key,
    });
    expect(blocked.body.code).toBe('TOO_MANY_ATTEMPTS');
  });

  it('validates passcode and secret key', async () => {
    const token = await t.signIn('noaccounts@demo.test');
    expect((await post('activate-two-factor-authentication-secret', token, {})).body.data).toEqual({
      passcode: [m.required],
      secretKey: [m.required],
    });
    expect(
      (await post('activate-two-factor-authentication-secret', token, { passcode: '12ab', secretKey: 'not base32!' }))
        .body.data,
    ).toEqual({
      passcode: ['The passcode is the 6-digit code from your authenticator app.'],
      secretKey: [texts.secretInvalid],
    });
    expect((await post('disable-two-factor-authentication', token, {})).body.data).toEqual({
      currentPassword: [m.required],
    });
  });

  it('a user whose account requires two-factor is sent to turn it on, is let through after, and cannot turn it off', async () => {
    const token = await t.signIn('twofa-required@demo.test');
    const gated = await t.call('GET', '/api/invoices/get-balance-history', { token });
    const gatedPost = await t.call('POST', '/api/invoices/get-balance-history', { token });
    expect([gated.body.code, gatedPost.body.code]).toContain('USS_TWO_FACTOR_AUTH_REQUIRED');
    const { key } = (await get('get-two-factor-authentication-secret', token)).body.data as { key: string };
    const on = await post('activate-two-factor-authentication-secret', token, {
      passcode: await code(key),
      secretKey: key,
    });
    expect(on.body.code).toBe('SUCCESS');
    expect((await t.call('POST', '/api/invoices/get-balance-history', { token })).body.code).toBe('SUCCESS');
    const off = await post('disable-two-factor-authentication', token, { currentPassword: DEMO_PASSWORD });
    expect(off.status).toBe(403);
    expect(off.body).toMatchObject({ code: 'FORBIDDEN', message: texts.twoFactorStillRequired });
  });

  it('refuses staff signed in as the user', async () => {
    const token = await actorToken('noaccounts@demo.test');
    expect((await get('get-two-factor-authentication-secret', token)).body.code).toBe('FORBIDDEN');
  });

  it('needs a token', async () => {
    expect((await get('get-two-factor-authentication-secret')).body.code).toBe('INVALID_TOKEN');
    expect((await post('activate-two-factor-authentication-secret', undefined, {})).body.code).toBe('INVALID_TOKEN');
    expect((await post('disable-two-factor-authentication', undefined, {})).body.code).toBe('INVALID_TOKEN');
  });
});

interface Codes {
  recovery_codes: string[];
}

describe('recovery codes (decision 130)', () => {
  const signIn = (email: string, second: Record<string, string>) =>
    t.call('POST', '/api/auth/get-token', { body: { email, password: DEMO_PASSWORD, ...second } });
  /** totp@demo.test signed in with a fresh passcode (the clock moves a step, so none is replayed). */
  async function totpToken(): Promise<string> {
    t.clock.advance(30_000);
    const res = await signIn('totp@demo.test', { passcode: await code(TOTP_SECRET) });
    expect(res.body.code).toBe('SUCCESS');
    return (res.body.data as { token: string }).token;
  }

  it('creates ten codes with the password; one signs in once in place of the passcode, and the user is told by email', async () => {
    const email = 'totp@demo.test';
    const token = await totpToken();
    const created = await post('create-recovery-codes', token, { currentPassword: DEMO_PASSWORD });
    expect(created.body.code).toBe('SUCCESS');
    const codes = (created.body.data as Codes).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
    // Stored hashed: no code appears in the table.
    const stored = await t.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM recovery_codes r JOIN users u USING (user_id) WHERE u.email_nm = $1',
      [email],
    );
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(codes.map((c) => c.replace('-', ''))).not.toContain(row.code_hash);

    // Typed in lower case with spaces instead of the hyphen.
    const typed = (codes[0] as string).toLowerCase().replace('-', ' ');
    const signedIn = await signIn(email, { recovery_code: typed });
    expect(signedIn.body.code).toBe('SUCCESS');
    expect(signedIn.body.data).toMatchObject({ token: expect.any(String) });
    const mail = await latestMail(t, email, 'recovery-code-used');
    expect(mail.subject).toBe('A recovery code was used to sign in');
    expect(mail.text_body).toContain('You have 9 recovery codes left.');

    const reused = await signIn(email, { recovery_code: codes[0] as string });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({
      code: 'INVALID_PASSCODE',
      message: 'The recovery code is incorrect or has already been used.',
      data: null,
    });
    expect((await signIn(email, { recovery_code: codes[1] as string })).body.code).toBe('SUCCESS');
    expect((await latestMail(t, email, 'recovery-code-used')).text_body).toContain('You have 8 recovery codes left.');

    // A new set replaces the old one.
    const fresh = await post('create-recovery-codes', token, { currentPassword: DEMO_PASSWORD });
    expect(fresh.body.code).toBe('SUCCESS');
    expect((await signIn(email, { recovery_code: codes[2] as string })).body.code).toBe('INVALID_PASSCODE');
    expect(
      (await signIn(email, { recovery_code: (fresh.body.data as Codes).recovery_codes[0] as string })).body.code,
    ).toBe('SUCCESS');
  });

  it("refuses another user's code, and drops a user's codes when two-factor is turned off", async () => {
    const other = await totpToken();
    const otherCodes = (
      (await post('create-recovery-codes', other, { currentPassword: DEMO_PASSWORD })).body.data as Codes
    ).recovery_codes;

    const email = 'noaccounts@demo.test';
    const token = await t.signIn(email);
    const { key } = (await get('get-two-factor-authentication-secret', token)).body.data as { key: string };
    const on = await post('activate-two-factor-authentication-secret', token, {
      passcode: await code(key),
      secretKey: key,
    });
    const own = (on.body.data as Codes).recovery_codes;
    expect(own).toHaveLength(10);
    expect((await signIn(email, { recovery_code: otherCodes[0] as string })).body.code).toBe('INVALID_PASSCODE');
    // The other user's code still works for them.
    expect((await signIn('totp@demo.test', { recovery_code: otherCodes[0] as string })).body.code).toBe('SUCCESS');

    const off = await post('disable-two-factor-authentication', token, { currentPassword: DEMO_PASSWORD });
    expect(off.body.code).toBe('SUCCESS');
    const left = await t.db.query('SELECT 1 FROM recovery_codes r JOIN users u USING (user_id) WHERE u.email_nm = $1', [
      email,
    ]);
    expect(left).toHaveLength(0);
    const refused = await post('create-recovery-codes', token, { currentPassword: DEMO_PASSWORD });
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: texts.recoveryCodesNeedTwoFactor });
  });

  it('validates the password and the code as typed', async () => {
    const token = await totpToken();
    expect((await post('create-recovery-codes', token, {})).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { currentPassword: [m.required] },
    });
    expect((await post('create-recovery-codes', token, { currentPassword: 'nope' })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { currentPassword: [texts.wrongPassword] },
    });
    const bad = await signIn('totp@demo.test', { recovery_code: 'ABC-1O' });
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { recovery_code: ['A recovery code is the 10 letters and digits from your list, like 7KQ2M-XW9RP.'] },
    });
  });

  it('refuses staff signed in as the user, and callers without a token', async () => {
    const token = await actorToken('totp@demo.test');
    expect((await post('create-recovery-codes', token, { currentPassword: DEMO_PASSWORD })).body).toMatchObject({
      code: 'FORBIDDEN',
      message: texts.actorCannotChange,
    });
    expect((await post('create-recovery-codes', undefined, { currentPassword: DEMO_PASSWORD })).body.code).toBe(
      'INVALID_TOKEN',
    );
  });
});
