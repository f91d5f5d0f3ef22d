import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';

import { buildApp } from '../../src/app.ts';
import { createDeps } from '../../src/bootstrap.ts';
import { parseEnv } from '../../src/config/env.ts';
import { openPglite, openPostgres, type Db } from '../../src/db/client.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import type { Clock } from '../../src/lib/clock.ts';
import type { Resolve } from '../../src/lib/outbound.ts';
import { checkAnswer } from './contract-check.ts';
import { withDatabase } from './global-setup.ts';

/**
 * The worker's connection for CREATE and DROP DATABASE, and the clone it made ahead. A clone of the
 * seeded template and its drop take about a second each (the template holds months of usage rollups):
 * the next file's or test's clone is made while the current one runs, and a closed copy is dropped
 * behind the tests. The run's set-up drops what is left (global-setup.ts, by the template's name).
 */
let admin: pg.Pool | undefined;
let spare: Promise<string> | undefined;

const adminPool = (url: string) => {
  if (!admin) {
    admin = new pg.Pool({ connectionString: url, max: 2, allowExitOnIdle: true });
    admin.on('error', () => {});
  }
  return admin;
};

async function cloneTemplate(url: string, template: string): Promise<string> {
  const name = `${template}_${randomBytes(5).toString('hex')}`;
  await adminPool(url).query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  return name;
}

/**
 * A fresh copy of the seeded demo database: PGlite by default, PostgreSQL in the 'api-pg' project. The
 * caller closes `db`, then calls `drop`.
 */
export async function openSeededDb(): Promise<{ db: Db; drop: () => Promise<void>; url?: string }> {
  const template = inject('pgTemplate');
  if (template) {
    const url = process.env.TEST_DATABASE_URL as string;
    // A spare that failed (the server was busy) is not fatal: clone again now.
    const name = await (spare ?? cloneTemplate(url, template)).catch(() => cloneTemplate(url, template));
    spare = cloneTemplate(url, template);
    spare.catch(() => {});
    const db = await openPostgres(withDatabase(url, name), 4);
    return {
      db,
      url: withDatabase(url, name),
      drop: async () => {
        adminPool(url)
          .query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
          .catch(() => {});
      },
    };
  }
  const dump = readFileSync(inject('pgliteDump'));
  const db = await openPglite(undefined, new Blob([dump]));
  return { db, drop: async () => {} };
}

/** A manual clock for rate limits and expiries. */
export const manualClock = (start = Date.now()) => {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) } satisfies Clock & { advance(ms: number): void };
};

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: ReturnType<typeof manualClock>;
  signIn(email: string, password?: string): Promise<string>;
  call(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{
    status: number;
    body: { data: unknown; code: string; message: string };
    headers: Record<string, unknown>;
    raw: string;
  }>;
  /**
   * Another API process on the same database and clock, as behind a load balancer: its own
   * connections on PostgreSQL, the same embedded instance on PGlite. Closed before this one. `overrides`
   * change its configuration only (e.g. another CONNECTOR_KEY).
   */
  peer(overrides?: Record<string, string>): Promise<TestApp>;
  close(): Promise<void>;
}

/** The configuration every test app runs with (its own DATA_DIR), plus the given overrides. */
export const testEnv = (overrides: Record<string, string> = {}) =>
  parseEnv({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-data-')),
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: 'false',
    // Tests play clients at several addresses through X-Forwarded-For, as behind a load balancer.
    TRUST_PROXY: 'true',
    // The clock stands still in tests, so a whole file's calls fall in one rate-limit window.
    API_RATE_LIMIT_PER_MINUTE: '1000000',
    API_TOKEN_RATE_LIMIT_PER_MINUTE: '1000000',
    // One key for every test process, as a deployment gives every process the same one: deps a test
    // builds beside its app open what the app sealed (webhook secrets, connector credentials).
    CONNECTOR_KEY: Buffer.alloc(32, 7).toString('base64'),
    ...overrides,
  });

/** `options.resolve`: the names outbound requests resolve (a DNS the test controls). */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { resolve?: Resolve } = {},
): Promise<TestApp> {
  const { db, drop, url } = await openSeededDb();
  return appOn(db, manualClock(), overrides, drop, url, options.resolve);
}

async function appOn(
  db: Db,
  clock: ReturnType<typeof manualClock>,
  overrides: Record<string, string>,
  drop: () => Promise<void>,
  url: string | undefined,
  resolve?: Resolve,
): Promise<TestApp> {
  const env = testEnv(overrides);
  const peers: TestApp[] = [];
  const deps = await createDeps(env, { db, clock, ...(resolve ? { resolve } : {}) });
  const app = await buildApp(deps, { logger: false });
  await app.ready();

  const call: TestApp['call'] = async (method, url, options = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    let body = { data: null as unknown, code: '', message: '' };
    let json = false;
    try {
      body = response.json();
      json = true;
    } catch {
      // binary answers: read `raw`
    }
    if (json) checkAnswer(method, url, response.statusCode, body);
    return { status: response.statusCode, body, headers: response.headers, raw: response.body };
  };

  return {
    app,
    db,
    clock,
    call,
    async signIn(email, password = DEMO_PASSWORD) {
      const res = await call('POST', '/api/auth/get-token', { body: { email, password } });
      if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.body.code} ${res.body.message}`);
      return (res.body.data as { token: string }).token;
    },
    async peer(extra = {}) {
      // PGlite: the same instance, which only the first app closes.
      const peerDb = url ? await openPostgres(url, 4) : { ...db, close: async () => {} };
      const peer = await appOn(peerDb, clock, { ...overrides, ...extra }, async () => {}, url, resolve);
      peers.push(peer);
      return peer;
    },
    async close() {
      for (const peer of peers) await peer.close();
      await app.close();
      await deps.redis?.quit();
      await drop();
    },
  };
}
