import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoEmails } from '../../src/seed/demo.ts';
import { createOutbound } from '../../src/lib/outbound.ts';
import { createSnmpWorker } from '../../src/modules/connectors/worker/snmp-worker.ts';
import { createTestApp, testEnv, type TestApp } from '../helpers/test-app.ts';
import { customerNetworkOrder } from '../metrics/kit.ts';
import { listen, openLive, pointsOf, type LiveStream } from '../metrics/live-kit.ts';

/**
 * Live charts of polled devices (decision 115): a point the SNMP poller stores reaches its order's live
 * stream as a pushed one does. The device is Debian's snmpd on loopback; the worker polls when the test
 * ticks it, on the test's clock, so "one polling interval later" is exact.
 */

const connectorKey = randomBytes(32).toString('base64');
const interval = 5;
let t: TestApp;
let origin: string;
let snmpd: ChildProcess | undefined;
let agentDir = '';
let agentOutput = '';
let stream: LiveStream | undefined;

/** A UDP port free on loopback right now (snmpd binds it next). */
async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((ready) => socket.bind(0, '127.0.0.1', ready));
  const { port } = socket.address();
  await new Promise<void>((closed) => socket.close(closed));
  return port;
}

beforeAll(async () => {
  const port = await freeUdpPort();
  agentDir = await mkdtemp(join(tmpdir(), 'portal-snmpd-'));
  await writeFile(join(agentDir, 'snmpd.conf'), 'rocommunity live-community 127.0.0.1\n');
  snmpd = spawn(
    'snmpd',
    ['-f', '-Lo', '-C', '-c', join(agentDir, 'snmpd.conf'), '-p', join(agentDir, 'pid'), `udp:127.0.0.1:${port}`],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SNMP_PERSISTENT_DIR: join(agentDir, 'persist') } },
  );
  // snmpd says its version once it listens.
  const started = new Promise<void>((ready, failed) => {
    const read = (chunk: Buffer) => {
      agentOutput += chunk.toString();
      if (agentOutput.includes('NET-SNMP version')) ready();
    };
    snmpd?.stdout?.on('data', read);
    snmpd?.stderr?.on('data', read);
    snmpd?.once('exit', () => failed(new Error(`snmpd exited:\n${agentOutput}`)));
  });
  t = await createTestApp({ CONNECTOR_KEY: connectorKey });
  origin = await listen(t);
  await started;

  const order = await customerNetworkOrder(t);
  const staff = await t.signIn(demoEmails.staff3);
  const saved = await t.call('POST', '/api/connectors/snmp-devices', {
    token: staff,
    body: {
      device_key: 'live-lo',
      address: '127.0.0.1',
      port,
      version: '2c',
      community: 'live-community',
      interval_seconds: interval,
      interfaces: [{ if_index: 1, order_number: order.order_number, object_key: '1' }],
    },
  });
  expect(saved.body.code).toBe('SUCCESS');
  stream = await openLive(origin, order.base_order_id, await t.signIn(demoEmails.customer));
  expect(stream.status).toBe(200);
});

afterAll(async () => {
  stream?.close();
  if (snmpd && snmpd.exitCode === null) {
    const exited = new Promise((resolve) => snmpd?.once('exit', resolve));
    snmpd.kill('SIGTERM');
    await exited;
  }
  if (agentDir) await rm(agentDir, { recursive: true, force: true });
  await t?.close();
});

const nextRunMs = async () =>
  Number(
    (
      await t.db.one<{ ms: number }>(
        `SELECT (extract(epoch FROM next_run_at) * 1000)::float8 AS ms FROM snmp_devices WHERE device_key = 'live-lo'`,
      )
    )?.ms,
  );

describe('live charts of polled devices', () => {
  it('a polled point arrives on the order’s stream within one polling interval', async () => {
    const env = testEnv({ CONNECTOR_KEY: connectorKey });
    const worker = createSnmpWorker(
      { db: t.db, env, clock: t.clock, outbound: createOutbound(env.OUTBOUND_ALLOW) },
      { concurrency: 1, timeoutMs: 2000, tickMs: 0, owner: 'live-test' },
    );
    try {
      // The first poll: each counter's first reading, which has no rate yet, so nothing to send.
      t.clock.advance(Math.max(0, (await nextRunMs()) - t.clock.now()));
      await worker.tick();
      await worker.idle();
      const first = await t.db.one<{ last_error: string | null; last_success_at: Date | null }>(
        `SELECT last_error, last_success_at FROM snmp_devices WHERE device_key = 'live-lo'`,
      );
      expect(first, agentOutput).toMatchObject({ last_error: null });
      expect(first?.last_success_at).not.toBeNull();
      expect(pointsOf(stream as LiveStream)).toEqual([]);

      // One interval on, the next poll's readings have rates: they reach the stream, stamped with the
      // poll's time, before the interval has passed again in real time.
      t.clock.advance(interval * 1000);
      const polledAt = Math.round(t.clock.now()) / 1000;
      await worker.tick();
      await (stream as LiveStream).until(
        () => pointsOf(stream as LiveStream).some((p) => p.series === 'if_in_octets'),
        interval * 1000,
      );
      await worker.idle();
      const points = pointsOf(stream as LiveStream);
      expect(points.find((p) => p.series === 'if_in_octets')).toMatchObject({ object_key: '1', ts: polledAt });
      expect(new Set(points.map((p) => p.series))).toEqual(
        new Set([
          'if_in_octets',
          'if_out_octets',
          'if_in_packets',
          'if_out_packets',
          'if_in_errors',
          'if_out_errors',
          'if_in_discards',
          'if_out_discards',
        ]),
      );
    } finally {
      await worker.stop();
    }
  });
});
