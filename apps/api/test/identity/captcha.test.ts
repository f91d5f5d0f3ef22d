import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identity } from '@portal/contract';

import { parseEnv } from '../../src/config/env.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { identityEnv, invoiceOf, newUser, solveCaptcha } from './helpers.ts';

/**
 * The script sources the CSP allows, besides the hashes of the app's own inline scripts (decision 103:
 * the colour-scheme script of index.html, present when the web app is built).
 */
const scriptSources = (headers: Record<string, unknown>) =>
  String(headers['content-security-policy'])
    .split(';')
    .find((directive) => directive.startsWith('script-src '))!
    .split(' ')
    .slice(1)
    .filter((source) => !source.startsWith("'sha256-"));

describe('captcha/get-challenge (self-hosted, the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(identityEnv);
  });
  afterAll(() => t.close());

  it('answers a signed proof-of-work challenge that expires in 10 minutes, never cached', async () => {
    const res = await t.call('GET', '/api/captcha/get-challenge');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.body.data as {
      provider: string;
      challenge: { parameters: Record<string, unknown>; signature: string };
    };
    expect(data.provider).toBe('altcha');
    expect(data.challenge.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1 });
    expect(data.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(data.challenge.parameters.expiresAt).toBe(Math.floor(t.clock.now() / 1000) + 600);
  });

  it('keeps the strict CSP (own scripts only)', async () => {
    const res = await t.call('GET', '/api/captcha/get-challenge');
    expect(scriptSources(res.headers)).toEqual(["'self'"]);
  });

  it('gives a solvable challenge (what the widget computes)', async () => {
    const started = Date.now();
    expect(await solveCaptcha(t)).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('reCAPTCHA-compatible verifier (CAPTCHA_PROVIDER=recaptcha)', () => {
  let t: TestApp;
  let server: Server;
  const seen: URLSearchParams[] = [];
  beforeAll(async () => {
    // A stand-in for the siteverify service: accepts the token 'good' once.
    const used = new Set<string>();
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        seen.push(form);
        const token = form.get('response') ?? '';
        const success = form.get('secret') === 'shh' && token === 'good' && !used.has(token);
        used.add(token);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SECRET: 'shh',
      RECAPTCHA_SITE_KEY: 'site-key-123',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });

  it("tells the form the site key, and lets the page load Google's widget (CSP)", async () => {
    const res = await t.call('GET', '/api/captcha/get-challenge');
    expect(res.body.data).toEqual({ provider: 'recaptcha', site_key: 'site-key-123' });
    expect(scriptSources(res.headers)).toEqual([
      "'self'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
  });

  it('checks the g_recaptcha_response with the verifier (secret, response, client address)', async () => {
    const body = {
      ...newUser('recaptcha.user@example.com'),
      account_number: '1000101',
      invoice_number: await invoiceOf(t, '1000101'),
    };
    const bad = await t.call('POST', '/api/users/create-user-from-invoice', {
      body: { ...body, g_recaptcha_response: 'bad' },
    });
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { g_recaptcha_response: [identity.texts.captchaFailed] },
    });
    const good = await t.call('POST', '/api/users/create-user-from-invoice', {
      body: { ...body, g_recaptcha_response: 'good' },
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(good.body.code).toBe('USER_CREATED');
    expect(seen.at(-1)?.get('remoteip')).toBe('203.0.113.7');
    const reused = await t.call('POST', '/api/users/create-user-from-invoice', {
      body: { ...body, email_nm: 'other.recaptcha@example.com', g_recaptcha_response: 'good' },
    });
    expect(reused.body.code).toBe('VALIDATION_ERROR');
  });

  it('refuses to start without the secret and site key', () => {
    expect(() => parseEnv({ JWT_SECRET: 'x'.repeat(40), CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(/RECAPTCHA_SECRET/);
  });
});
