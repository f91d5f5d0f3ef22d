// Redis going away under two running API processes (a TCP proxy in front of the real Redis that stops),
// with the Redis client as the server builds it (bootstrap.ts): the portal keeps serving, the limits
// hold per process meanwhile, each process says so once in its log, and when Redis is back the processes
// reconnect by themselves and share their counters again. (lib/fallback-store.test.ts covers the store.)
import { randomInt } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { buildApp } from '../../src/app.ts';
import { createDeps } from '../../src/bootstrap.ts';
import { tcpProxy } from '../helpers/tcp-proxy.ts';
import { createTestApp, testEnv, type TestApp } from '../helpers/test-app.ts';

const redisUrl = process.env.REDIS_URL_TEST;
const LIMIT = 4;

describe.runIf(redisUrl)('the portal while Redis is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves with per-process limits, says so, and shares them again once Redis is back', async () => {
    const target = new URL(redisUrl as string);
    const proxy = tcpProxy(target.hostname, Number(target.port || 6379));
    const port = await proxy.start(0);
    const said: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((msg: unknown) => void said.push(`warn ${msg}`));
    const info = vi.spyOn(console, 'log').mockImplementation((msg: unknown) => void said.push(`info ${msg}`));
    // Two API processes on one database (closed by the test app) and one Redis, as behind a load balancer.
    const db = { ...t.db, close: async () => {} };
    const processes = await Promise.all(
      [0, 1].map(async () => {
        const env = testEnv({
          REDIS_URL: `redis://127.0.0.1:${port}`,
          API_RATE_LIMIT_PER_MINUTE: String(LIMIT),
        });
        const deps = await createDeps(env, { db, clock: t.clock });
        return { deps, app: await buildApp(deps, { logger: false }) };
      }),
    );
    const [a, b] = processes as [(typeof processes)[0], (typeof processes)[0]];
    // A fresh client address per step: Redis keeps its windows between runs.
    const address = () => `10.16.${randomInt(256)}.${randomInt(1, 255)}`;
    const get = async (p: typeof a, from: string) => {
      const started = performance.now();
      const res = await p.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-for': from } });
      return { status: res.statusCode, ms: performance.now() - started };
    };
    const ready = async () => {
      for (let i = 0; i < 100 && processes.some((p) => p.deps.redis?.status !== 'ready'); i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      return processes.map((p) => p.deps.redis?.status);
    };
    try {
      expect(await ready()).toEqual(['ready', 'ready']);
      // Redis up: one client's requests count together at both processes.
      const first = address();
      for (const p of [a, b, a, b]) expect((await get(p, first)).status).toBe(200);
      expect((await get(a, first)).status).toBe(429);

      await proxy.stop();
      // Redis down: every process still answers, at once, and counts in its own memory.
      const second = address();
      for (let i = 0; i < LIMIT; i++) {
        const res = await get(a, second);
        expect(res.status).toBe(200);
        expect(res.ms).toBeLessThan(1000);
      }
      expect((await get(a, second)).status).toBe(429);
      for (let i = 0; i < LIMIT; i++) expect((await get(b, second)).status).toBe(200);
      expect((await get(b, second)).status).toBe(429);
      // The portal itself: sign-in (its own attempt limits) and a signed-in call.
      const signIn = await a.app.inject({
        method: 'POST',
        url: '/api/auth/get-token',
        headers: { 'x-forwarded-for': address() },
        payload: { email: 'customer@demo.test', password: 'Portal-Demo-1' },
      });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const token = (signIn.json() as { data: { token: string } }).data.token;
      const accounts = await b.app.inject({
        method: 'GET',
        url: '/api/accounts/get-accounts',
        headers: { 'x-forwarded-for': address(), authorization: `Bearer ${token}` },
      });
      expect(accounts.statusCode).toBe(200);
      // Said once per process, not once per request.
      const down = said.filter((line) => /^warn Redis is unreachable .*counted per API process/.test(line));
      expect(down).toHaveLength(2);

      await proxy.start(port);
      // Back: both reconnect by themselves and count together again.
      expect(await ready()).toEqual(['ready', 'ready']);
      const third = address();
      for (const p of [a, b, a, b]) expect((await get(p, third)).status).toBe(200);
      expect((await get(b, third)).status).toBe(429);
      expect(said.filter((line) => /^info Redis is back/.test(line))).toHaveLength(2);
    } finally {
      warn.mockRestore();
      info.mockRestore();
      for (const p of processes) {
        await p.app.close();
        p.deps.redis?.disconnect();
      }
      await proxy.stop();
    }
  });
});
