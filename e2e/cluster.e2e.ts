import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoEmails } from './helpers/demo.ts';
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
/** Debian's snmpd (apt-get install snmpd) on loopback: the device saved through one process. */
let snmpd: ChildProcess | undefined;
let agentDir = '';
const agentPort = 16111;
/** A stand-in Prometheus-compatible source that answers only its bearer token. */
let prom: Server;
const promToken = `cluster-${randomBytes(8).toString('hex')}`;
const promAsked: (string | undefined)[] = [];

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
        // Both processes poll SNMP devices (leases give each poll to one of them).
        WORKERS: 'in-process',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster.stdout?.on('data', (b: Buffer) => (output += b.toString()));
    cluster.stderr?.on('data', (b: Buffer) => (output += b.toString()));
    agentDir = await mkdtemp(join(tmpdir(), 'portal-cluster-snmpd-'));
    await writeFile(join(agentDir, 'snmpd.conf'), 'rocommunity cluster-community 127.0.0.1\n');
    snmpd = spawn(
      'snmpd',
      [
        '-f',
        '-Lo',
        '-C',
        '-c',
        join(agentDir, 'snmpd.conf'),
        '-p',
        join(agentDir, 'pid'),
        `udp:127.0.0.1:${agentPort}`,
      ],
      { stdio: 'ignore', env: { ...process.env, SNMP_PERSISTENT_DIR: join(agentDir, 'persist') } },
    );
    prom = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        promAsked.push(request.headers.authorization);
        if (request.headers.authorization !== `Bearer ${promToken}`) return response.writeHead(401).end();
        const p = new URLSearchParams(body);
        const [start, end, step] = ['start', 'end', 'step'].map((k) => Number(p.get(k))) as [number, number, number];
        const values: [number, string][] = [];
        for (let ts = start; ts <= end; ts += step) values.push([ts, '4000']);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: [{ metric: {}, values }] } }),
        );
      });
    });
    await new Promise<void>((ready) => prom.listen(0, '127.0.0.1', ready));
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
    prom?.close();
    if (snmpd && snmpd.exitCode === null) {
      snmpd.kill('SIGTERM');
      await new Promise((resolve) => snmpd?.once('exit', resolve));
    }
    if (agentDir) await rm(agentDir, { recursive: true, force: true });
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

  it('an SNMP device and a Prometheus source saved through one process are read and polled through the other', async () => {
    const staff = (await signIn(api1, demoEmails.staff3)).body.data as { token: string };
    const customer = (await signIn(api1, demoEmails.customer)).body.data as { token: string };
    const orders = await call(api1, 'POST', '/api/orders/get-orders', {
      token: customer.token,
      body: { search_product_cd: 'di', perPage: 100 },
    });
    const order = (orders.body.data as { data: { base_order_id: number; order_number: string }[] }).data[0];
    if (!order) throw new Error('the demo customer has a network order');
    const feed = await call(api1, 'POST', '/api/integration/tokens', {
      token: staff.token,
      body: { name: 'cluster inventory', scopes: ['orders'] },
    });
    const objects = await call(api1, 'POST', '/api/integration/v1/product-objects/batch', {
      token: (feed.body.data as { token: string }).token,
      body: {
        items: ['4401', '4402'].map((key) => ({
          order_number: order.order_number,
          kind: 'network_interface',
          object_key: key,
          attributes: { name: `port ${key}`, snmpiftype: 6, speed_bps: 1_000_000_000 },
        })),
      },
    });
    expect(objects.status).toBe(200);

    // Saved through the first process: the credentials are sealed there.
    const device = await call(api1, 'POST', '/api/connectors/snmp-devices', {
      token: staff.token,
      body: {
        device_key: 'cluster-loopback',
        address: '127.0.0.1',
        port: agentPort,
        version: '2c',
        community: 'cluster-community',
        interval_seconds: 5,
        interfaces: [{ if_name: 'lo', order_number: order.order_number, object_key: '4402' }],
      },
    });
    expect(device.body.code).toBe('SUCCESS');
    const source = await call(api1, 'POST', '/api/connectors/prometheus-sources', {
      token: staff.token,
      body: {
        source_key: 'cluster-source',
        url: `http://127.0.0.1:${(prom.address() as AddressInfo).port}`,
        auth: 'bearer',
        bearer_token: promToken,
        series: [
          { order_number: order.order_number, metric: 'if_in_octets', object_key: '4401', promql: 'vector(4000)' },
        ],
      },
    });
    expect(source.body.code).toBe('SUCCESS');

    // Read through the second: it opens the community the first sealed.
    const devices = await call(api2, 'GET', '/api/connectors/snmp-devices', { token: staff.token });
    expect(devices.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ device_key: 'cluster-loopback', has_community: true })]),
    );
    // The second process asks the source with the token the first sealed.
    const now = Math.floor(Date.now() / 1000);
    const query = new URLSearchParams({
      baseOrderId: String(order.base_order_id),
      interfaceId: '4401',
      chartType: 'bits',
      startDate: String(now - 3600),
      endDate: String(now),
    });
    const chart = await call(api2, 'GET', `/api/network/get-network-stats?${query}`, { token: customer.token });
    expect(chart.body.code, JSON.stringify(chart.body)).toBe('SUCCESS');
    expect((chart.body.data as (number | null)[][]).slice(1).some((row) => row[1] === 4000)).toBe(true);
    expect(promAsked).toEqual([`Bearer ${promToken}`]);

    // Polled by whichever process holds the device's lease, each poll opening the community: three
    // polls (every 5 s) without an error.
    const successes = new Set<number>();
    const deadline = Date.now() + 60_000;
    let status: { key: string; last_success_at: number | null; last_error: string | null } | undefined;
    while (Date.now() < deadline && successes.size < 3 && !status?.last_error) {
      await new Promise((r) => setTimeout(r, 1000));
      const statuses = await call(api2, 'GET', '/api/connectors/status', { token: staff.token });
      status = (statuses.body.data as NonNullable<typeof status>[]).find((s) => s.key === 'cluster-loopback');
      if (status?.last_success_at) successes.add(status.last_success_at);
    }
    expect(status, output.slice(-2000)).toMatchObject({ last_error: null });
    expect(successes.size).toBe(3);
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
