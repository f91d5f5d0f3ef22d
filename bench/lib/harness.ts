import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import autocannon from 'autocannon';
import pg from 'pg';

import { openPostgres } from '../../apps/api/src/db/client.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { seed } from '../../apps/api/src/seed/index.ts';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const baseUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const withDb = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

/**
 * A PostgreSQL database seeded at the given scale. It is kept between runs (seeding 10,000 accounts
 * takes minutes): the database name carries the scale and a marker table says the seed finished.
 * A bench that writes or runs beside others passes a database name of its own.
 */
export async function seededDatabase(scale: number, name = `portal_bench_s${scale}`): Promise<string> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  const url = withDb(baseUrl, name);
  if (exists.rowCount) {
    const db = await openPostgres(url, 1);
    const done = await db.one("SELECT 1 FROM information_schema.tables WHERE table_name = 'bench_seeded'");
    await migrate(db);
    await db.close();
    if (done) {
      await admin.end();
      return url;
    }
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const db = await openPostgres(url, 2);
  await migrate(db);
  const started = Date.now();
  console.log(`seeding ${name} (scale ${scale})...`);
  await seed(db, { scale });
  await db.exec('CREATE TABLE bench_seeded (at timestamptz DEFAULT now()); ANALYZE;');
  console.log(`seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await db.close();
  return url;
}

/** Starts the real API server as its own process (so the load generator does not share its event loop). */
export async function startServer(
  databaseUrl: string,
  port = 8199,
  env: Record<string, string> = {},
): Promise<{ url: string; pid: number | undefined; stop: () => Promise<void> }> {
  // The compiled server, as `npm start` runs it (built first when its sources changed).
  spawnSync(process.execPath, ['scripts/ensure-build.mjs', 'api'], { cwd: root, stdio: 'inherit' });
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      SEED_ON_EMPTY: 'false',
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      ATTEMPTS_PER_ADDRESS: '1000000',
      LOGIN_FAILURES_PER_EMAIL: '1000000',
      // Every load-test request comes from one address.
      API_RATE_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    /** The server process, for reading its memory (/proc/{pid}/status). */
    pid: child.pid,
    stop: () =>
      new Promise((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

export async function signIn(url: string, email: string, password = 'Portal-Demo-1'): Promise<string> {
  const res = await fetch(`${url}/api/auth/get-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}

export interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

export interface Figure {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** Loads one call at the given concurrency and returns requests/s and latency percentiles (ms). */
export async function load(url: string, token: string, target: Target, connections = 50, seconds = 8): Promise<Figure> {
  const result = await autocannon({
    url: `${url}${target.path}`,
    method: target.method,
    connections,
    duration: seconds,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
    },
    ...(target.body !== undefined ? { body: JSON.stringify(target.body) } : {}),
  });
  return {
    name: target.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

export function report(title: string, figures: Figure[], budgetP99Ms: number) {
  console.log(`\n${title}`);
  console.table(figures.map((f) => ({ ...f, withinBudget: f.p99 < budgetP99Ms && f.non2xx === 0 })));
}

/** Resident memory of a process in kB (Linux). */
export const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

export const post = (url: string, token: string, path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * Reads a streamed download to its end while sampling the server's memory every 10 ms: the figures
 * show whether the server streams (flat memory) or builds the file in memory.
 */
export async function measureDownload(pid: number, request: () => Promise<Response>) {
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 10);
  const started = performance.now();
  const res = await request();
  if (res.status !== 200) throw new Error(`download answered ${res.status}`);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let bytes = 0;
  let lines = 0;
  let firstByte = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!firstByte) firstByte = performance.now() - started;
    bytes += value.byteLength;
    for (const byte of value) if (byte === 10) lines++;
  }
  const total = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(pid));
  return {
    rows: lines - 1,
    MB: Number((bytes / 1048576).toFixed(2)),
    firstByteMs: Number(firstByte.toFixed(1)),
    totalMs: Number(total.toFixed(0)),
    rssBeforeMB: Number((before / 1024).toFixed(1)),
    rssPeakMB: Number((peak / 1024).toFixed(1)),
    rssGrowthMB: Number(((peak - before) / 1024).toFixed(1)),
    file: res.headers.get('content-disposition')?.match(/filename="?([^";]+)/)?.[1],
  };
}

/** The twelve calls the dashboard makes after sign-in, for an account and its latest invoice's cycle. */
export const dashboardTargets = (accountId: number, cycleLogId: number): Target[] => [
  { name: 'users/get-authenticated-user', method: 'GET', path: '/api/users/get-authenticated-user' },
  { name: 'accounts/get-accounts', method: 'GET', path: '/api/accounts/get-accounts' },
  { name: 'orders/get-products', method: 'GET', path: '/api/orders/get-products' },
  { name: 'content/portal-resource-categories', method: 'GET', path: '/api/content/portal-resource-categories' },
  { name: 'notifications/get-outages', method: 'POST', path: '/api/notifications/get-outages' },
  {
    name: 'notifications/get-active-cmc-notifications-count',
    method: 'POST',
    path: '/api/notifications/get-active-cmc-notifications-count',
  },
  {
    name: 'tickets/get-tickets (4)',
    method: 'POST',
    path: '/api/tickets/get-tickets',
    body: { perPage: 4, sort_column: 'last_update_posted', sort_order: 'desc' },
  },
  {
    name: 'tickets/get-tickets-requesting-response',
    method: 'POST',
    path: '/api/tickets/get-tickets-requesting-response',
  },
  { name: 'orders/get-pending-orders', method: 'POST', path: '/api/orders/get-pending-orders', body: { count: 5 } },
  {
    name: 'invoices/get-latest-invoice',
    method: 'POST',
    path: '/api/invoices/get-latest-invoice',
    body: { accountId },
  },
  {
    name: 'invoices/get-invoice-products',
    method: 'POST',
    path: '/api/invoices/get-invoice-products',
    body: { accountId, cycleLogId: cycleLogId },
  },
  { name: 'contact/get-team', method: 'POST', path: '/api/contact/get-team', body: { accountId } },
];
