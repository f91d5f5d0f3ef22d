import { createGuardrails, generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PASSWORD, TOTP_SECRET } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('auth/confirm-user-password', () => {
  it('tells whether a passcode step follows', async () => {
    const plain = await t.call('POST', '/api/auth/confirm-user-password', {
      body: { email: 'customer@demo.test', password: DEMO_PASSWORD },
    });
    expect(plain.status).toBe(200);
    expect(plain.body).toEqual({ data: { two_factor_enabled: false }, code: 'SUCCESS', message: '' });
    const totp = await t.call('POST', '/api/auth/confirm-user-password', {
      body: { email: 'TOTP@demo.test', password: DEMO_PASSWORD },
    });
    expect(totp.body.data).toEqual({ two_factor_enabled: true });
  });

  it('answers the same for a wrong password and an unknown email', async () => {
    const wrong = await t.call('POST', '/api/auth/confirm-user-password', {
      body: { email: 'customer@demo.test', password: 'nope' },
    });
    const unknown = await t.call('POST', '/api/auth/confirm-user-password', {
      body: { email: 'nobody@demo.test', password: 'nope' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
    expect(unknown.body).toEqual(wrong.body);
  });

  it('validates the payload with the spec messages', async () => {
    const res = await t.call('POST', '/api/auth/confirm-user-password', { body: { email: 'not-an-email' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.data).toEqual({
      email: ['This value should be a valid email.'],
      password: ['This value is required.'],
    });
  });
});

describe('auth/get-token', () => {
  it('returns a token whose payload carries user_id, uss_admin_level and expires_at', async () => {
    const res = await t.call('POST', '/api/auth/get-token', {
      body: { email: 'staff2@demo.test', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    const { token, expires_at } = res.body.data as { token: string; expires_at: number };
    const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    expect(payload).toMatchObject({ uss_admin_level: 2, expires_at });
    expect(typeof payload.user_id).toBe('number');
    expect(expires_at).toBeGreaterThan(Date.now() / 1000);
  });

  it('asks two-factor users for a passcode, accepts a valid one once, refuses a replay', async () => {
    const body = { email: 'totp@demo.test', password: DEMO_PASSWORD };
    const missing = await t.call('POST', '/api/auth/get-token', { body });
    expect(missing.status).toBe(403);
    expect(missing.body.code).toBe('TWO_FACTOR_AUTH_REQUIRED');

    const passcode = await generate({
      secret: TOTP_SECRET,
      epoch: Math.floor(t.clock.now() / 1000),
      guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }),
    });
    const ok = await t.call('POST', '/api/auth/get-token', { body: { ...body, passcode } });
    expect(ok.status).toBe(200);
    const replay = await t.call('POST', '/api/auth/get-token', { body: { ...body, passcode } });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('INVALID_PASSCODE');
  });

  it('refuses a wrong passcode', async () => {
    const res = await t.call('POST', '/api/auth/get-token', {
      body: { email: 'totp@demo.test', password: DEMO_PASSWORD, passcode: '000000' },
    });
    expect(res.body.code).toMatch(/INVALID_PASSCODE/);
  });

  it('locks an email after 10 failures within 15 minutes, then lets it in again', async () => {
    const email = 'staff1@demo.test';
    for (let i = 0; i < 10; i++) {
      const res = await t.call('POST', '/api/auth/get-token', { body: { email, password: 'wrong' } });
      expect(res.body.code).toBe('INVALID_CREDENTIALS');
    }
    const locked = await t.call('POST', '/api/auth/get-token', { body: { email, password: DEMO_PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('TOO_MANY_ATTEMPTS');
    t.clock.advance(15 * 60 * 1000 + 1);
    const again = await t.call('POST', '/api/auth/get-token', { body: { email, password: DEMO_PASSWORD } });
    expect(again.status).toBe(200);
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy sets it', async () => {
    const direct = await createTestApp({ TRUST_PROXY: 'false', ATTEMPTS_PER_ADDRESS: '3' });
    try {
      const attempt = (ip: string) =>
        direct.call('POST', '/api/auth/confirm-user-password', {
          body: { email: 'customer@demo.test', password: 'wrong' },
          headers: { 'x-forwarded-for': ip },
        });
      for (let i = 1; i <= 3; i++) expect((await attempt(`198.51.100.${i}`)).body.code).toBe('INVALID_CREDENTIALS');
      expect((await attempt('198.51.100.4')).body.code).toBe('TOO_MANY_ATTEMPTS');
    } finally {
      await direct.close();
    }
  });
});
