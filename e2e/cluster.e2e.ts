import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { freePort, repoRoot } from './helpers/server.ts';

// `npm run cluster`: two compiled API processes behind HAProxy on PostgreSQL and Redis, as a provider
// runs the portal. What one process does, the other must know.
const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL_TEST ?? 'redis://127.0.0.1:6379';
const database = `portal_cluster_${randomBytes(4).toString('hex')}`;
const withDatabase = (name: string) => Object.assign(new URL(baseUrl), { pathname: `/${name}` }).toString();

let cluster: ChildProcess;
let output = '';
let dataDir: string;
let balancer: string;
let api1: string;
let api2: string;

async function waitFor(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (cluster.exitCode !== null) throw new Error(`npm run cluster exited:\n${output.slice(-4000)}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output.slice(-4000)}`);
}

async function call(origin: string, method: string, path: string, options: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { data: unknown; code: string; message: string } };
}

const signIn = async (origin: string, email: string, password = 'Portal-Demo-1') =>
  call(origin, 'POST', '/api/auth/get-token', { body: { email, password } });

describe('two API processes behind HAProxy', () => {
  beforeAll(async () => {
    const [port, p1, p2] = [await freePort(), await freePort(), await freePort()];
    dataDir = await mkdtemp(join(tmpdir(), 'portal-cluster-'));
    cluster = spawn(process.execPath, ['scripts/cluster.mjs'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        API_PORTS: `${p1},${p2}`,
        DATABASE_URL: withDatabase(database),
        REDIS_URL: redisUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster.stdout?.on('data', (b: Buffer) => (output += b.toString()));
    cluster.stderr?.on('data', (b: Buffer) => (output += b.toString()));
    balancer = `http://127.0.0.1:${port}`;
    api1 = `http://127.0.0.1:${p1}`;
    api2 = `http://127.0.0.1:${p2}`;
    await waitFor(`${balancer}/api/health/ready`, 170_000);
  });

  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((r) => cluster.once('exit', r));
      cluster.kill('SIGTERM');
      await exited;
    }
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('a token from one process works on the other and through the balancer', async () => {
    const signed = await signIn(api1, 'customer@demo.test');
    expect(signed.status).toBe(200);
    const { token } = signed.body.data as { token: string };
    for (const origin of [api2, balancer, balancer]) {
      const accounts = await call(origin, 'GET', '/api/accounts/get-accounts', { token });
      expect(accounts.status).toBe(200);
      expect((accounts.body.data as unknown[]).length).toBe(3);
    }
  });

  it('ten failed sign-ins spread over both processes lock the email on both', async () => {
    const email = `nobody-${randomBytes(4).toString('hex')}@cluster.example`;
    for (let i = 0; i < 10; i += 1) {
      const res = await signIn(i % 2 ? api2 : api1, email, 'wrong-password-1');
      expect(res.body.code).toBe('INVALID_CREDENTIALS');
    }
    for (const origin of [api1, api2]) {
      const locked = await signIn(origin, email, 'wrong-password-1');
      expect(locked.status).toBe(429);
      expect(locked.body.code).toBe('TOO_MANY_ATTEMPTS');
    }
  });

  it('an attachment uploaded through one process downloads through the other', async () => {
    const { token } = (await signIn(api1, 'customer@demo.test')).body.data as { token: string };
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(300 * 1024)]);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'router-config.pdf');
    const uploaded = await fetch(`${api1}/api/tickets/upload-attachment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const file = ((await uploaded.json()) as { data: { attachment_id: number } }).data;
    const list = await call(api1, 'POST', '/api/tickets/get-tickets', { token, body: { perPage: 100 } });
    const open = (list.body.data as { data: { ticket_id: number; status: string }[] }).data.find(
      (t) => t.status !== 'Closed',
    );
    if (!open) throw new Error('the demo customer has an open ticket');
    const reply = await call(api1, 'POST', '/api/tickets/reply-to-ticket', {
      token,
      body: { ticketId: open.ticket_id, body: 'Configuration attached.', attachment_ids: [file.attachment_id] },
    });
    expect(reply.status).toBe(200);
    const download = await fetch(`${api2}/api/tickets/download-attachment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ attachmentId: file.attachment_id }),
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('SIGTERM stops HAProxy and both processes', async () => {
    const exited = new Promise<number | null>((r) => cluster.once('exit', (code) => r(code)));
    cluster.kill('SIGTERM');
    await exited;
    for (const origin of [api1, api2, balancer]) {
      await expect(fetch(`${origin}/api/health/live`)).rejects.toThrow();
    }
  });
});
