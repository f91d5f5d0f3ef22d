import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ConnectorStatus, IntegrationToken } from '@portal/contract';

import { createDeps } from '../../src/bootstrap.ts';
import { demoEmails } from '../../src/seed/demo.ts';
import { createOutbound, type Resolve } from '../../src/lib/outbound.ts';
import { createSnmpWorker } from '../../src/modules/connectors/worker/snmp-worker.ts';
import { snmpDeviceStatuses } from '../../src/modules/connectors/snmp/snmp.repository.ts';
import { deliverWebhooks } from '../../src/modules/integration/webhooks.service.ts';
import { createTestApp, testEnv, type TestApp } from '../helpers/test-app.ts';
import { customerNetworkOrder, feedInterfaces, get } from '../metrics/kit.ts';

/**
 * The outbound rule in its production form (decision 113): OUTBOUND_ALLOW lists `allowed.test` only,
 * so loopback is refused. Names resolve through a DNS this test controls: `rebind.test` and
 * `allowed.test` both answer 127.0.0.1 at request time. A literal loopback address is refused when
 * saved; a name is refused when the address it resolves to is connected to (Prometheus sources,
 * webhook deliveries, SNMP polls); the listed name reaches the same address.
 */

const connectorKey = randomBytes(32).toString('base64');
const allow = 'allowed.test';
const resolved: string[] = [];
const resolve: Resolve = async (host) => {
  resolved.push(host);
  if (host === 'rebind.test' || host === 'allowed.test') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
};

let t: TestApp;
let staff: string;
let customer: string;
let order: { base_order_id: number; order_number: string };

/** A stand-in Prometheus and webhook endpoint on loopback; every request it gets is recorded. */
const received: string[] = [];
let port = 0;
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    received.push(`${req.method} ${req.url}`);
    const query = new URLSearchParams(body).get('query');
    if (query === 'redirect') {
      res.writeHead(302, { location: `http://127.0.0.1:${port}/elsewhere` });
      return res.end();
    }
    res.setHeader('content-type', 'application/json');
    const [start, end, step] = ['start', 'end', 'step'].map((k) => Number(new URLSearchParams(body).get(k)));
    const values: [number, string][] = [];
    for (let ts = start as number; ts <= (end as number); ts += step as number) values.push([ts, '1']);
    res.end(JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: [{ metric: {}, values }] } }));
  });
});

beforeAll(async () => {
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  port = (server.address() as AddressInfo).port;
  t = await createTestApp({ OUTBOUND_ALLOW: allow, CONNECTOR_KEY: connectorKey }, { resolve });
  staff = await t.signIn(demoEmails.staff3);
  customer = await t.signIn(demoEmails.customer);
  order = await customerNetworkOrder(t);
  await feedInterfaces(t, order.order_number, ['7101', '7102', '7103']);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((done) => server.close(() => done()));
});

const source = (key: string, url: string, objectKey: string, promql = 'up') => ({
  source_key: key,
  url,
  auth: 'none',
  series: [{ order_number: order.order_number, metric: 'if_in_octets', object_key: objectKey, promql }],
});
const saveSource = (body: unknown) => t.call('POST', '/api/connectors/prometheus-sources', { token: staff, body });
const chart = (interfaceId: number) => {
  const now = Math.floor(t.clock.now() / 1000);
  return get(
    t,
    'network/get-network-stats',
    { baseOrderId: order.base_order_id, interfaceId, chartType: 'bits', startDate: now - 3600, endDate: now },
    customer,
  );
};
const statusOf = async (key: string) =>
  ((await t.call('GET', '/api/connectors/status', { token: staff })).body.data as ConnectorStatus[]).find(
    (s) => s.key === key,
  );

describe('Prometheus sources under OUTBOUND_ALLOW', () => {
  it('refuses a loopback URL when it is saved', async () => {
    for (const url of [`http://127.0.0.1:${port}`, `http://[::1]:${port}`, 'http://169.254.169.254/latest']) {
      const res = await saveSource(source('literal', url, '7101'));
      expect(res.body, url).toMatchObject({
        code: 'VALIDATION_ERROR',
        data: { url: ['Loopback and private addresses are not accepted here.'] },
      });
    }
  });

  it('refuses a name that resolves to loopback when it is asked (DNS rebinding), and never reaches it', async () => {
    const saved = await saveSource(source('rebind', `http://rebind.test:${port}/prom`, '7101'));
    expect(saved.body.data).toEqual({ status: 'created' });
    received.length = 0;
    resolved.length = 0;
    const res = await chart(7101);
    expect(res.body).toEqual({ data: null, code: 'SERVICE_UNAVAILABLE', message: 'An unknown error occurred.' });
    expect(resolved).toEqual(['rebind.test']);
    expect(received).toEqual([]);
    expect(await statusOf('rebind')).toMatchObject({
      last_error:
        'rebind.test resolves to 127.0.0.1, which is not a public address and OUTBOUND_ALLOW does not list it.',
      failing: true,
    });
  });

  it('reaches a host OUTBOUND_ALLOW lists, at the same address', async () => {
    expect((await saveSource(source('listed', `http://allowed.test:${port}/prom`, '7102'))).body.data).toEqual({
      status: 'created',
    });
    received.length = 0;
    const res = await chart(7102);
    expect(res.body.code, JSON.stringify(res.body)).toBe('SUCCESS');
    expect(received).toEqual(['POST /prom/api/v1/query_range']);
  });

  it('does not follow a redirect', async () => {
    const saved = await saveSource(source('redirects', `http://allowed.test:${port}/prom`, '7103', 'redirect'));
    expect(saved.body.data).toEqual({ status: 'created' });
    received.length = 0;
    expect((await chart(7103)).body.code).toBe('SERVICE_UNAVAILABLE');
    expect(received).toEqual(['POST /prom/api/v1/query_range']);
    expect((await statusOf('redirects'))?.last_error).toBe(
      'The source answered a redirect (HTTP 302), which is not followed.',
    );
  });
});

describe('webhook deliveries under OUTBOUND_ALLOW', () => {
  it('refuses a webhook whose name resolves to loopback when it is delivered', async () => {
    const deps = await createDeps(
      testEnv({
        OUTBOUND_ALLOW: allow,
        CONNECTOR_KEY: connectorKey,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-outbound-')),
      }),
      { db: t.db, clock: t.clock, resolve },
    );
    const created = await t.call('POST', '/api/integration/tokens', {
      token: staff,
      body: { name: 'hook', scopes: ['events'], webhook_url: `http://rebind.test:${port}/hooks` },
    });
    const { id } = created.body.data as { id: number };
    await t.call('POST', '/api/orders/change-alias', {
      token: customer,
      body: { base_order_id: order.base_order_id, alias: 'Outbound' },
    });
    received.length = 0;
    expect(await deliverWebhooks(deps)).toBe(0);
    expect(received).toEqual([]);
    const tokens = (await t.call('GET', '/api/integration/tokens', { token: staff })).body.data as IntegrationToken[];
    expect(tokens.find((x) => x.id === id)?.webhook).toMatchObject({
      attempts: 1,
      last_error:
        'rebind.test resolves to 127.0.0.1, which is not a public address and OUTBOUND_ALLOW does not list it.',
    });
  });
});

describe('SNMP devices under OUTBOUND_ALLOW', () => {
  let agent: Socket;
  let agentPort = 0;
  const sessions = new Set<number>();
  beforeAll(async () => {
    // A "device" that counts the SNMP sessions reaching it (one source port each) and never answers.
    agent = createSocket('udp4');
    agent.on('message', (_msg, rinfo) => sessions.add(rinfo.port));
    await new Promise<void>((ready) => agent.bind(0, '127.0.0.1', ready));
    agentPort = agent.address().port;
  });
  afterAll(() => new Promise<void>((done) => agent.close(() => done())));

  const device = (key: string, address: string) => ({
    device_key: key,
    address,
    port: agentPort,
    version: '2c',
    community: 'public',
    interval_seconds: 5,
    interfaces: [{ if_index: 1, order_number: order.order_number, object_key: '1' }],
  });
  const saveDevice = (body: unknown) => t.call('POST', '/api/connectors/snmp-devices', { token: staff, body });

  it('refuses loopback and private addresses when saved, accepts public ones', async () => {
    for (const address of ['127.0.0.1', '10.20.30.40', '192.168.1.1', '100.64.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await saveDevice(device(`private-${address}`, address))).body, address).toMatchObject({
        code: 'VALIDATION_ERROR',
        data: { address: ['Loopback and private addresses are not accepted here.'] },
      });
    }
    expect((await saveDevice(device('public-1', '192.0.2.10'))).body.data).toEqual({ status: 'created' });
    await t.db.query(`DELETE FROM snmp_devices WHERE device_key = 'public-1'`);
  });

  it('polls a name only at an address the rule allows: rebind.test is refused, allowed.test is reached', async () => {
    for (const [key, address] of [
      ['rebind', 'rebind.test'],
      ['listed', 'allowed.test'],
    ] as const)
      expect((await saveDevice(device(`snmp-${key}`, address))).body.data).toEqual({ status: 'created' });
    // Every device due: the clock past the next run of both.
    const due = await t.db.one<{ ms: number }>(
      `SELECT max(extract(epoch FROM next_run_at) * 1000)::float8 AS ms FROM snmp_devices`,
    );
    t.clock.advance(Number(due?.ms) - t.clock.now());
    const env = testEnv({ OUTBOUND_ALLOW: allow, CONNECTOR_KEY: connectorKey });
    const worker = createSnmpWorker(
      { db: t.db, env, clock: t.clock, outbound: createOutbound(env.OUTBOUND_ALLOW, resolve) },
      { concurrency: 4, timeoutMs: 400, tickMs: 0, owner: 'outbound-test' },
    );
    sessions.clear();
    await worker.tick();
    await worker.idle();
    await worker.stop();
    const statuses = await snmpDeviceStatuses(t.db, t.clock.now());
    expect(statuses.find((d) => d.device_key === 'snmp-rebind')?.last_error).toBe(
      'rebind.test resolves to 127.0.0.1, which is not a public address and OUTBOUND_ALLOW does not list it.',
    );
    expect(statuses.find((d) => d.device_key === 'snmp-listed')?.last_error).toBe(
      `No answer from allowed.test:${agentPort} within 400 ms.`,
    );
    // One session reached the socket: the listed device's, never the refused one's.
    expect(sessions.size).toBe(1);
  });
});
