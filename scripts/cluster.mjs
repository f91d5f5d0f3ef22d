// npm run cluster: the portal as a provider runs it, on one machine. Two compiled API processes behind
// HAProxy (health-checked on /api/health/ready), on PostgreSQL and Redis.
//   DATABASE_URL  (default postgres://postgres@127.0.0.1:5432/portal_cluster, created when missing)
//   REDIS_URL     (default redis://127.0.0.1:6379)
//   PORT          HAProxy's port (default 8080); API_PORTS the two processes' ports (default 8181,8182)
//   JWT_SECRET    shared by both processes (default: a random one for this run)
//   CONNECTOR_KEY shared by both processes (default: one generated once under DATA_DIR, so credentials
//                 sealed by one process open in the other and after a restart)
// The first process migrates (and seeds an empty database outside production) before the second starts.
// Ctrl-C (or SIGTERM) stops HAProxy and both processes gracefully.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const port = Number(env.PORT ?? 8080);
const apiPorts = (env.API_PORTS ?? '8181,8182').split(',').map(Number);
const databaseUrl = env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal_cluster';
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const jwtSecret = env.JWT_SECRET ?? randomBytes(32).toString('base64url');
const dataDir = env.DATA_DIR ?? join(root, 'data');
const connectorKey = env.CONNECTOR_KEY ?? sharedConnectorKey(join(dataDir, 'cluster-connector-key'));
const children = [];

/** The cluster's connector key: generated once and kept, as the database's sealed credentials outlive a run. */
function sharedConnectorKey(file) {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

async function ensureDatabase(url) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  await admin.end();
}

async function waitReady(url, child, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} was not ready within ${timeoutMs} ms`);
}

function startApi(apiPort, name) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...env,
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      JWT_SECRET: jwtSecret,
      // Every process opens what another sealed (SNMP communities, source tokens, webhook secrets).
      CONNECTOR_KEY: connectorKey,
      PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${port}`,
      // HAProxy on loopback adds X-Forwarded-For: rate limits see the client's address.
      TRUST_PROXY: '127.0.0.1',
      // Each process its own folder: nothing a user needs may live only on one process's disk.
      DATA_DIR: join(dataDir, `cluster-${name}`),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

function haproxyConfig() {
  const servers = apiPorts.map((p, i) => `  server api${i + 1} 127.0.0.1:${p} check inter 1s fall 2 rise 1`).join('\n');
  return `global
  maxconn 4096
defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  option forwardfor
frontend portal
  bind ${env.HOST ?? '127.0.0.1'}:${port}
  default_backend api
backend api
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
${servers}
`;
}

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, stopAll);

execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
await ensureDatabase(databaseUrl);
for (const [i, apiPort] of apiPorts.entries()) {
  const child = startApi(apiPort, `api${i + 1}`);
  await waitReady(`http://127.0.0.1:${apiPort}`, child);
}
const dir = mkdtempSync(join(tmpdir(), 'portal-haproxy-'));
writeFileSync(join(dir, 'haproxy.cfg'), haproxyConfig());
const haproxy = spawn('haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'inherit', 'inherit'] });
children.push(haproxy);
haproxy.once('exit', (code) => {
  if (code) console.error(`haproxy exited with code ${code}`);
  stopAll();
});
console.log(`\nPortal cluster: http://localhost:${port}/portal/ (HAProxy) -> API processes on ${apiPorts.join(', ')}`);
await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
