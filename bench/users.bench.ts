// Loading users through the integration API (issue 34, decision 124): users per second when every new user
// is mailed the set-password invitation (send_invitation: true, what every users batch did before) and when
// they are loaded only (the default now; staff invite them later). The compiled server (apps/api/dist) on
// a fresh PostgreSQL database sends real SMTP to a local sink (smtp-server), as in production.
// Run: npm run users -w @portal/bench   (BENCH_USERS=500 per pass, batches of 100)
// Port 4612 (server) and 2526 (SMTP sink); PostgreSQL database portal_bench_users (made anew each run).

import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';

import pg from 'pg';
import { SMTPServer } from 'smtp-server';

import { root } from './lib/harness.ts';

const userCount = Number(process.env.BENCH_USERS ?? 500);
const batchSize = 100;
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = 4612;
const smtpPort = 2526;

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  return url.toString();
}

/** An SMTP server that takes every message and counts it. */
async function smtpSink() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, callback) => {
      stream.on('end', () => {
        received += 1;
        callback();
      });
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(smtpPort, '127.0.0.1', resolve));
  return { received: () => received, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

async function main() {
  const databaseUrl = await freshDatabase('portal_bench_users');
  const env = { ...process.env, DATABASE_URL: databaseUrl };
  // The server migrates on start; the token command needs the tables, so the server starts first.
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_ON_EMPTY: 'false',
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const sink = await smtpSink();
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 240) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 500));
    }
    const run = spawnSync(
      process.execPath,
      ['apps/api/dist/integration-token-cli.js', '--name', 'bench', '--scope', 'all'],
      { cwd: root, encoding: 'utf8', env },
    );
    const token = run.stdout.trim();
    if (!token.startsWith('pit_')) throw new Error(`integration-token failed: ${run.stderr}`);

    const batch = async (collection: string, items: unknown[]) => {
      const res = await fetch(`${url}/api/integration/v1/${collection}/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ items }),
      });
      const body = (await res.json()) as { code: string; data: { results: { status: string }[] } };
      if (res.status !== 200) throw new Error(`${collection} batch answered ${res.status} ${body.code}`);
      const bad = body.data.results.find((r) => r.status !== 'created');
      if (bad) throw new Error(`${collection}: ${JSON.stringify(bad)}`);
    };
    await batch(
      'accounts',
      Array.from({ length: 10 }, (_, i) => ({ account_number: `UB-${i}`, name: `Users ${i}`, company: 'UsersCo' })),
    );

    const pass = async (label: string, invite: boolean) => {
      const before = sink.received();
      const started = performance.now();
      for (let from = 0; from < userCount; from += batchSize) {
        await batch(
          'users',
          Array.from({ length: Math.min(batchSize, userCount - from) }, (_, i) => ({
            email_nm: `${label}-${from + i}@users.example`,
            first_nm: 'Bench',
            last_nm: `User ${from + i}`,
            accounts: [{ account_number: `UB-${(from + i) % 10}` }],
            ...(invite ? { send_invitation: true } : {}),
          })),
        );
      }
      const seconds = (performance.now() - started) / 1000;
      const mails = sink.received() - before;
      console.log(
        `${label.padEnd(9)} ${userCount} users in ${seconds.toFixed(1)} s: ${(userCount / seconds).toFixed(1)} users/s, ${mails} mails (load ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')})`,
      );
    };
    await pass('invited', true);
    await pass('loaded', false);
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
    await sink.close();
  }
}

await main();
