import { randomInt } from 'node:crypto';

import { popups } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app.ts';
import { createDeps } from '../../src/bootstrap.ts';
import { parseEnv } from '../../src/config/env.ts';
import { openPglite } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

describe('the general API rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('says where the client stands on every /api answer, errors included', async () => {
    const ok = await t.call('GET', '/api/health', from('10.1.0.1'));
    expect(ok.status).toBe(200);
    expect(ok.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '2', 'ratelimit-reset': '60' });
    const invalid = await t.call('POST', '/api/auth/get-token', { body: {}, ...from('10.1.0.1') });
    expect(invalid.status).toBe(422);
    expect(invalid.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '1' });
    const unknown = await t.call('GET', '/api/no-such-call', from('10.1.0.1'));
    expect(unknown.status).toBe(404);
    expect(unknown.headers).toMatchObject({ 'ratelimit-remaining': '0' });
    // Documented on every answer of a call (the OpenAPI document says so).
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    expect(invalid.headers['access-control-allow-origin']).toBe('http://localhost:8080');
  });

  it('answers TOO_MANY_ATTEMPTS with Retry-After past the limit, until the window ends', async () => {
    for (let i = 0; i < 3; i++) expect((await t.call('GET', '/api/health', from('10.1.0.2'))).status).toBe(200);
    t.clock.advance(15_000);
    const refused = await t.call('GET', '/api/health', from('10.1.0.2'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ data: null, code: 'TOO_MANY_ATTEMPTS', message: popups.tooManyAttempts.body });
    expect(refused.headers).toMatchObject({ 'retry-after': '45', 'ratelimit-remaining': '0', 'ratelimit-reset': '45' });
    // Another client address has its own budget.
    expect((await t.call('GET', '/api/health', from('10.1.0.3'))).status).toBe(200);
    t.clock.advance(45_000);
    const again = await t.call('GET', '/api/health', from('10.1.0.2'));
    expect(again.status).toBe(200);
    expect(again.headers).toMatchObject({ 'ratelimit-remaining': '2' });
  });

  it('leaves the app outside /api alone', async () => {
    const page = await t.call('GET', '/portal/', from('10.1.0.4'));
    expect(page.headers['ratelimit-limit']).toBeUndefined();
  });
});

describe('the guessable-call limits', () => {
  it('send Retry-After with their TOO_MANY_ATTEMPTS too', async () => {
    const t = await createTestApp({ ATTEMPTS_PER_ADDRESS: '1', ATTEMPT_WINDOW_SECONDS: '300' });
    try {
      const body = { email: 'customer@demo.test', password: 'wrong-password' };
      await t.call('POST', '/api/auth/get-token', { body, ...from('10.2.0.1') });
      t.clock.advance(100_000);
      const refused = await t.call('POST', '/api/auth/get-token', { body, ...from('10.2.0.1') });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('TOO_MANY_ATTEMPTS');
      expect(refused.headers['retry-after']).toBe('200');
    } finally {
      await t.close();
    }
  });
});

const redisUrl = process.env.REDIS_URL_TEST;
describe.runIf(redisUrl)('the general API rate limit shared through Redis', () => {
  /** An API process of its own (own database, own memory) on the shared Redis. */
  async function apiProcess() {
    const env = parseEnv({
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
      DATA_DIR: '/tmp',
      LOG_LEVEL: 'silent',
      SEED_ON_EMPTY: 'false',
      TRUST_PROXY: 'true',
      REDIS_URL: redisUrl,
      API_RATE_LIMIT_PER_MINUTE: '3',
    });
    const deps = await createDeps(env, { db: await openPglite() });
    const app = await buildApp(deps, { logger: false });
    return { app, close: async () => (await app.close(), await deps.redis?.quit()) };
  }

  it('counts the requests of one client at two API processes together', async () => {
    const [a, b] = [await apiProcess(), await apiProcess()];
    try {
      // A fresh address per run: Redis keeps its windows between runs and test projects.
      const address = `10.3.${randomInt(256)}.${randomInt(1, 255)}`;
      const get = (api: typeof a) =>
        api.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': address } });
      expect((await get(a)).statusCode).toBe(200);
      expect((await get(b)).headers['ratelimit-remaining']).toBe('1');
      expect((await get(a)).statusCode).toBe(200);
      const refused = await get(b);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
