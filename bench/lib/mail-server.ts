// The set-up the mail benchmarks share (users loaded through the feed, invite loaded users): the compiled
// server (apps/api/dist) on a fresh PostgreSQL database, sending real SMTP to a local sink, and an
// integration token made with the token command.

import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';

import pg from 'pg';
import { SMTPServer } from 'smtp-server';

import { root } from './harness.ts';

export const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The load average, for each figure's line. */
export const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

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
async function smtpSink(port: number) {
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
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received: () => received, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

export interface MailServer {
  url: string;
  databaseUrl: string;
  /** An integration token with every scope. */
  token: string;
  /** Sends one batch of a collection with the token; throws unless every item was created. */
  batch: (collection: string, items: unknown[]) => Promise<void>;
  /** Messages the SMTP sink has taken so far. */
  received: () => number;
  stop: () => Promise<void>;
}

/** Starts the server on `database` (made anew) and `port`, mailing the sink on `smtpPort`; `env`: more settings. */
export async function startMailServer(
  database: string,
  port: number,
  smtpPort: number,
  env: Record<string, string> = {},
): Promise<MailServer> {
  const databaseUrl = await freshDatabase(database);
  const base = { ...process.env, DATABASE_URL: databaseUrl };
  // The server migrates on start; the token command needs the tables, so the server starts first.
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...base,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_ON_EMPTY: 'false',
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const sink = await smtpSink(smtpPort);
  const stop = async () => {
    child.kill('SIGTERM');
    await once(child, 'exit');
    await sink.close();
  };
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
      { cwd: root, encoding: 'utf8', env: base },
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
    return { url, databaseUrl, token, batch, received: sink.received, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
