// Invite loaded users as a background job (issue 34, decision 131): how long the staff call takes to answer
// for BENCH_USERS loaded users (default 1,000), and at what rate the worker then mails them. The compiled
// server (apps/api/dist) on a fresh PostgreSQL database, its worker in-process (as `npm start`), sends real
// SMTP to a local sink (smtp-server), as in production.
// Run: npm run invite-loaded-users -w @portal/bench   (after npm run build)
// Port 4613 (server) and 2527 (SMTP sink); PostgreSQL database portal_bench_invite (made anew each run).

import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';

import pg from 'pg';
import { SMTPServer } from 'smtp-server';

import { hashPassword } from '../apps/api/src/lib/passwords.ts';
import { root } from './lib/harness.ts';

const userCount = Number(process.env.BENCH_USERS ?? 1000);
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = 4613;
const smtpPort = 2527;
const staffEmail = 'bench.staff@invite.example';
const staffPassword = 'Bench-Staff-Password-42';

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

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function main() {
  const databaseUrl = await freshDatabase('portal_bench_invite');
  const env = { ...process.env, DATABASE_URL: databaseUrl };
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_ON_EMPTY: 'false',
      WORKERS: 'in-process',
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
    // A level-3 staff member (a database without the demo seed has none).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    await db.query(
      `INSERT INTO users (email_nm, first_nm, last_nm, password_hash, uss_admin_level, email_verified_at)
       VALUES ($1, 'Bench', 'Staff', $2, 3, now())`,
      [staffEmail, await hashPassword(staffPassword)],
    );
    await db.end();
    const signIn = await fetch(`${url}/api/auth/get-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: staffEmail, password: staffPassword }),
    });
    const staff = ((await signIn.json()) as { data: { token: string } }).data.token;

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
      Array.from({ length: 10 }, (_, i) => ({ account_number: `IB-${i}`, name: `Invite ${i}`, company: 'InviteCo' })),
    );
    for (let from = 0; from < userCount; from += 100)
      await batch(
        'users',
        Array.from({ length: Math.min(100, userCount - from) }, (_, i) => ({
          email_nm: `loaded-${from + i}@invite.example`,
          first_nm: 'Bench',
          last_nm: `User ${from + i}`,
          accounts: [{ account_number: `IB-${(from + i) % 10}` }],
        })),
      );
    console.log(`${userCount} users loaded, ${sink.received()} mails (load ${load()})`);

    const staffCall = (method: string, path: string) =>
      fetch(`${url}/api/integration/${path}`, {
        method,
        headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      }).then((r) => r.json() as Promise<{ code: string; data: unknown }>);

    const started = performance.now();
    const answer = await staffCall('POST', 'invite-loaded-users');
    const answerMs = performance.now() - started;
    const { invited } = answer.data as { invited: number };
    console.log(
      `invite-loaded-users answered ${answer.code} in ${answerMs.toFixed(0)} ms: ${invited} will be invited, ` +
        `${sink.received()} mailed so far (load ${load()})`,
    );
    let pending = invited;
    while (pending > 0) {
      await new Promise((r) => setTimeout(r, 200));
      pending = ((await staffCall('GET', 'invite-loaded-users/latest')).data as { pending: number }).pending;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `worker mailed ${sink.received()} of ${invited} in ${seconds.toFixed(1)} s from the press: ` +
        `${(invited / seconds).toFixed(1)} mails/s (load ${load()})`,
    );
    const again = await staffCall('POST', 'invite-loaded-users');
    console.log(`pressed again: ${JSON.stringify(again.data)}`);
  } finally {
    child.kill('SIGTERM');
    await once(child, 'exit');
    await sink.close();
  }
}

await main();
