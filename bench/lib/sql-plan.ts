// The SQL an API call runs, captured from the real app: the ceiling server (ceiling-server.ts) replays
// exactly these statements, so "the same SQL" holds by construction and follows the code as it changes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { allCalls } from '@portal/contract';

import { buildApp } from '../../apps/api/src/app.ts';
import { createDeps } from '../../apps/api/src/bootstrap.ts';
import { parseEnv } from '../../apps/api/src/config/env.ts';
import { openPostgres, type Db } from '../../apps/api/src/db/client.ts';
import type { Target } from './harness.ts';

export interface Statement {
  sql: string;
  params: unknown[];
  /** Started while the statement before it was still running (the API ran them with Promise.all). */
  parallel: boolean;
}

/** One call as the ceiling serves it: the statements of one request, in order, and the status the API gave. */
export interface Plan {
  method: Target['method'];
  path: string;
  statements: Statement[];
  status: number;
  /** A signed-in call: its first statement is the caller's row (authentication), not the call's data. */
  signedIn: boolean;
}

/** A handle that notes every statement (inside transactions too) before running it. */
function recording(db: Db, log: Statement[], inFlight = { n: 0 }): Db {
  const note = async <T>(run: () => Promise<T>, sql: string, params: unknown[] = []) => {
    log.push({ sql, params: structuredClone(params), parallel: inFlight.n > 0 });
    inFlight.n += 1;
    try {
      return await run();
    } finally {
      inFlight.n -= 1;
    }
  };
  return {
    kind: db.kind,
    query: (sql, params) => note(() => db.query(sql, params), sql, params),
    one: (sql, params) => note(() => db.one(sql, params), sql, params),
    exec: (sql) => note(() => db.exec(sql), sql),
    tx: (fn) => db.tx((inner) => fn(recording(inner, log, inFlight))),
    close: () => db.close(),
  };
}

/**
 * Runs each target once through the app built from the sources (same repositories, same SQL as the
 * compiled server) on the given database, and returns the statements each request ran.
 */
export async function recordPlans(databaseUrl: string, targets: Target[], token: string, jwtSecret: string) {
  const log: Statement[] = [];
  const db = await openPostgres(databaseUrl, 2);
  const env = parseEnv({
    NODE_ENV: 'test',
    JWT_SECRET: jwtSecret,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-load-')),
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: 'false',
    API_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const app = await buildApp(await createDeps(env, { db: recording(db, log) }), { logger: false });
  await app.ready();
  const plans: Plan[] = [];
  try {
    for (const target of targets) {
      log.length = 0;
      const res = await app.inject({
        method: target.method,
        url: target.path,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(target.body !== undefined ? { payload: JSON.stringify(target.body) } : {}),
      });
      if (res.statusCode !== 200) throw new Error(`${target.name} answered ${res.statusCode}: ${res.body}`);
      const path = target.path.replace(/^\/api/, '').replace(/\?.*$/, '');
      const call = allCalls.find((c) => c.path === path);
      if (!call) throw new Error(`${target.name}: no call in the contract at ${path}`);
      plans.push({
        method: target.method,
        path: target.path,
        statements: [...log],
        status: res.statusCode,
        signedIn: call.auth.access === 'user',
      });
    }
  } finally {
    await app.close();
  }
  return plans;
}
