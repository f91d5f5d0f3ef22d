import { randomBytes } from 'node:crypto';
import { createSocket, type Socket } from 'node:dgram';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoEmails } from '../../src/seed/demo.ts';
import { createOutbound } from '../../src/lib/outbound.ts';
import { notOpened } from '../../src/lib/sealed.ts';
import { createSnmpWorker } from '../../src/modules/connectors/worker/snmp-worker.ts';
import { leaseDue, snmpDeviceStatuses } from '../../src/modules/connectors/snmp/snmp.repository.ts';
import { createTestApp, testEnv, type TestApp } from '../helpers/test-app.ts';

/**
 * Leases (decision 100): with several workers, each due device is polled by exactly one. The "device"
 * is a UDP socket that counts the SNMP sessions reaching it (one source port per session) and never
 * answers, so every poll ends in its timeout and is recorded as the device's last error.
 */

const connectorKey = randomBytes(32).toString('base64');
let t: TestApp;
let staff: string;
let order: string;
let agent: Socket;
let agentPort = 0;
const sessions = new Set<number>();

const env = () => testEnv({ CONNECTOR_KEY: connectorKey });
const addDevice = async (key: string, interval = 5) => {
  const res = await t.call('POST', '/api/connectors/snmp-devices', {
    token: staff,
    body: {
      device_key: key,
      address: '127.0.0.1',
      port: agentPort,
      version: '2c',
      community: 'public',
      interval_seconds: interval,
      interfaces: [{ if_index: 1, order_number: order, object_key: '1' }],
    },
  });
  expect(res.body.code).toBe('SUCCESS');
};
const nextRunMs = async (key: string) =>
  Number(
    (
      await t.db.one<{ ms: number }>(
        `SELECT (extract(epoch FROM next_run_at) * 1000)::float8 AS ms FROM snmp_devices WHERE device_key = $1`,
        [key],
      )
    )?.ms,
  );

beforeAll(async () => {
  t = await createTestApp({ CONNECTOR_KEY: connectorKey });
  staff = await t.signIn(demoEmails.staff3);
  order = (
    await t.db.one<{ order_number: string }>(
      `SELECT o.order_number FROM orders o JOIN products p ON p.product_cd = o.product_cd
        WHERE p.product_controller = 'network' ORDER BY o.base_order_id LIMIT 1`,
    )
  )?.order_number as string;
  agent = createSocket('udp4');
  agent.on('message', (_msg, from) => sessions.add(from.port));
  await new Promise<void>((ready) => agent.bind(0, '127.0.0.1', ready));
  agentPort = agent.address().port;
});
afterAll(async () => {
  agent.close();
  await t.close();
});

describe('SNMP device leases', () => {
  it('gives a due device to one of two workers leasing at once, and to none before it is due', async () => {
    await addDevice('lease-1');
    const due = await nextRunMs('lease-1');
    expect(await leaseDue(t.db, 'w-early', due - 1, due + 60_000, 10)).toEqual([]);
    const [a, b] = await Promise.all([
      leaseDue(t.db, 'w-a', due, due + 60_000, 10),
      leaseDue(t.db, 'w-b', due, due + 60_000, 10),
    ]);
    const keys = [...a, ...b].map((d) => d.device_key).filter((k) => k === 'lease-1');
    expect(keys).toEqual(['lease-1']);
    // Still leased: nobody else takes it until the lease runs out, then another worker may.
    expect((await leaseDue(t.db, 'w-c', due + 59_000, due + 120_000, 10)).map((d) => d.device_key)).not.toContain(
      'lease-1',
    );
    expect((await leaseDue(t.db, 'w-c', due + 60_000, due + 120_000, 10)).map((d) => d.device_key)).toContain(
      'lease-1',
    );
    await t.db.query(`DELETE FROM snmp_devices WHERE device_key = 'lease-1'`);
  });

  it('two workers ticking together poll a device once; the failure is its status, the next run one interval on', async () => {
    await addDevice('lease-2');
    const due = await nextRunMs('lease-2');
    t.clock.advance(due - t.clock.now());
    const options = { concurrency: 4, timeoutMs: 400, tickMs: 0 };
    const workerEnv = env();
    const deps = { db: t.db, env: workerEnv, clock: t.clock, outbound: createOutbound(workerEnv.OUTBOUND_ALLOW) };
    const one = createSnmpWorker(deps, { ...options, owner: 'worker-1' });
    const two = createSnmpWorker(deps, { ...options, owner: 'worker-2' });
    sessions.clear();
    await Promise.all([one.tick(), two.tick(), one.tick(), two.tick()]);
    await Promise.all([one.idle(), two.idle()]);
    expect(sessions.size).toBe(1);
    const status = (await snmpDeviceStatuses(t.db, t.clock.now())).find((d) => d.device_key === 'lease-2');
    expect(status?.last_error).toMatch(/^No answer from 127\.0\.0\.1:\d+ within 400 ms\.$/);
    expect(status?.last_success_at).toBeNull();
    expect(status?.points_last_hour).toBe(0);
    expect(await nextRunMs('lease-2')).toBe(due + 5000);
    // Not due again yet: a further tick polls nothing.
    sessions.clear();
    await Promise.all([one.tick(), two.tick()]);
    await Promise.all([one.idle(), two.idle()]);
    expect(sessions.size).toBe(0);
    await Promise.all([one.stop(), two.stop()]);
    const lease = await t.db.one<{ lease_owner: string | null }>(
      `SELECT lease_owner FROM snmp_devices WHERE device_key = 'lease-2'`,
    );
    expect(lease?.lease_owner).toBeNull();
  });

  it('a change moves the next poll to within the new interval', async () => {
    await addDevice('lease-3', 600);
    const before = await nextRunMs('lease-3');
    expect(before).toBeLessThanOrEqual(t.clock.now() + 600_000);
    await addDevice('lease-3', 5);
    const after = await nextRunMs('lease-3');
    expect(after).toBeGreaterThan(t.clock.now());
    expect(after).toBeLessThanOrEqual(t.clock.now() + 5000);
  });

  it("a worker whose CONNECTOR_KEY does not open the device's community polls nothing and says so in its status", async () => {
    await addDevice('lease-4');
    const due = await nextRunMs('lease-4');
    t.clock.advance(due - t.clock.now());
    const env = testEnv({ CONNECTOR_KEY: randomBytes(32).toString('base64') });
    const deps = { db: t.db, env, clock: t.clock, outbound: createOutbound(env.OUTBOUND_ALLOW) };
    const worker = createSnmpWorker(deps, { concurrency: 4, timeoutMs: 400, tickMs: 0, owner: 'other-key' });
    sessions.clear();
    await worker.tick();
    await worker.idle();
    await worker.stop();
    expect(sessions.size).toBe(0);
    const status = (await snmpDeviceStatuses(t.db, t.clock.now())).find((d) => d.device_key === 'lease-4');
    expect(status?.last_error).toBe(notOpened);
    expect(status?.last_success_at).toBeNull();
  });
});
