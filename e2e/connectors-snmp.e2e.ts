import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiToken, callApi } from './helpers/api.ts';
import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/**
 * The SNMP poller against Debian's snmpd (apt-get install snmpd) on loopback (issue 13): the portal
 * runs its worker in-process, a metrics token loads the interface object (lo, ifIndex 1) on the demo
 * customer's network order and the device through the snmp-devices batch (every 5 s); UDP traffic on
 * loopback makes lo's counters move, and the network page's bits chart shows their rate.
 */

const agentPort = 16101;
const interfaceId = 1; // lo's ifIndex on Linux
const shots = '/tmp/shots-snmp';

let server: RunningServer;
let browser: Browser;
let snmpd: ChildProcess | undefined;
let agentDir = '';
let agentOutput = '';
let traffic: NodeJS.Timeout | undefined;
let sender: Socket | undefined;
let sink: Socket | undefined;
let customer = '';
let staff = '';
let metricsToken = '';
let order: { base_order_id: number; order_number: string };

const api = <T>(method: 'GET' | 'POST', path: string, body: Record<string, unknown>, token?: string) =>
  callApi<T>(server.origin, method, path, body, token);
const signInApi = (email: string) => apiToken(server.origin, email);

/** About 2 MB/s of UDP datagrams to a socket on loopback, so lo's octet counters move between polls. */
async function startTraffic() {
  sink = createSocket('udp4');
  sink.on('message', () => {});
  await new Promise<void>((ready) => sink?.bind(0, '127.0.0.1', ready));
  const port = sink.address().port;
  sender = createSocket('udp4');
  const payload = Buffer.alloc(1400, 7);
  traffic = setInterval(() => {
    for (let i = 0; i < 150; i++) sender?.send(payload, port, '127.0.0.1');
  }, 100);
}

beforeAll(async () => {
  agentDir = await mkdtemp(join(tmpdir(), 'portal-snmpd-'));
  await writeFile(join(agentDir, 'snmpd.conf'), 'rocommunity e2e-community 127.0.0.1\n');
  snmpd = spawn(
    'snmpd',
    ['-f', '-Lo', '-C', '-c', join(agentDir, 'snmpd.conf'), '-p', join(agentDir, 'pid'), `udp:127.0.0.1:${agentPort}`],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SNMP_PERSISTENT_DIR: join(agentDir, 'persist') } },
  );
  snmpd.stdout?.on('data', (chunk: Buffer) => (agentOutput += chunk.toString()));
  snmpd.stderr?.on('data', (chunk: Buffer) => (agentOutput += chunk.toString()));
  await startTraffic();

  server = await startServer({ WORKERS: 'in-process' });
  browser = await launchBrowser();
  staff = await signInApi(demoEmails.staff3);
  const created = await api<{ token: string }>(
    'POST',
    'integration/tokens',
    { name: 'SNMP tooling', scopes: ['metrics', 'orders'] },
    staff,
  );
  expect(created.code).toBe('SUCCESS');
  metricsToken = created.data.token;
  customer = await signInApi(demoEmails.customer);
  const list = await api<{ data: { base_order_id: number; order_number: string }[] }>(
    'POST',
    'orders/get-orders',
    { search_product_cd: 'di', perPage: 100 },
    customer,
  );
  order = list.data.data[0] as { base_order_id: number; order_number: string };
  expect(order).toBeDefined();
});

afterAll(async () => {
  clearInterval(traffic);
  sender?.close();
  sink?.close();
  if (snmpd && snmpd.exitCode === null) {
    snmpd.kill('SIGTERM');
    await new Promise((resolve) => snmpd?.once('exit', resolve));
  }
  if (agentDir) await rm(agentDir, { recursive: true, force: true });
  await browser?.close();
  await server?.stop();
});

/** The bits chart of the interface over the last ten minutes: rows after the header. */
async function bitsRows() {
  const now = Math.floor(Date.now() / 1000);
  const res = await api<(number | null)[][]>(
    'GET',
    'network/get-network-stats',
    { baseOrderId: order.base_order_id, interfaceId, chartType: 'bits', startDate: now - 600, endDate: now + 60 },
    customer,
  );
  return res.code === 'SUCCESS' ? res.data.slice(1) : [];
}

const batch = (collection: string, items: unknown[]) =>
  api<{ results: { key: string; status: string }[] }>(
    'POST',
    `integration/v1/${collection}/batch`,
    { items },
    metricsToken,
  );

describe('SNMP poller', () => {
  it('polls lo on snmpd every 5 s and the network page charts its traffic', async () => {
    const object = await batch('product-objects', [
      {
        order_number: order.order_number,
        kind: 'network_interface',
        object_key: String(interfaceId),
        // Charted as an Ethernet port (lo's own type, 24, has no charts on the page).
        attributes: { name: 'lo', alias: 'Loopback (SNMP test)', snmpiftype: 6, speed_bps: 10_000_000_000 },
      },
    ]);
    expect(object.data.results[0]?.status).toMatch(/created|updated/);
    const device = await batch('snmp-devices', [
      {
        device_key: 'e2e-loopback',
        address: '127.0.0.1',
        port: agentPort,
        version: '2c',
        community: 'e2e-community',
        interval_seconds: 5,
        interfaces: [{ if_name: 'lo', order_number: order.order_number, object_key: String(interfaceId) }],
      },
    ]);
    expect(device.data.results).toEqual([{ key: 'e2e-loopback', status: 'created' }]);

    // A rate needs two readings (5 s apart).
    let rows: (number | null)[][] = [];
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline && rows.filter((r) => typeof r[1] === 'number').length < 2) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (snmpd?.exitCode !== null) throw new Error(`snmpd exited:\n${agentOutput.slice(-2000)}`);
      rows = await bitsRows();
    }
    const rates = rows.map((r) => r[1]).filter((v): v is number => typeof v === 'number');
    expect(rates.length, `${server.output()}\n${agentOutput.slice(-1000)}`).toBeGreaterThanOrEqual(2);
    // 2 MB/s of datagrams (both directions count on lo): well above a megabit per second.
    expect(Math.max(...rates)).toBeGreaterThan(1_000_000);

    // The provider's listing: polled, points stored, no community.
    const listed = await api<
      { device_key: string; last_success_at: number | null; points_last_hour: number; has_community: boolean }[]
    >('GET', 'integration/v1/snmp-devices', {}, metricsToken);
    const status = listed.data.find((d) => d.device_key === 'e2e-loopback');
    expect(status?.last_success_at).toBeGreaterThan(0);
    expect(status?.points_last_hour).toBeGreaterThanOrEqual(16);
    expect(status?.has_community).toBe(true);
    expect(JSON.stringify(listed)).not.toContain('e2e-community');

    await mkdir(shots, { recursive: true });
    const { context, page } = await newPage(browser, server.origin);
    // The page asks for ranges ending on the last whole minute: its clock a minute ahead puts that
    // minute after the rates that just arrived, instead of waiting up to a minute for one to pass.
    await context.clock.install({ time: Date.now() + 60_000 });
    await signIn(page, demoEmails.customer);
    const chartCall = page.waitForResponse(
      (r) => r.url().includes('network/get-network-stats') && r.url().includes(`interfaceId=${interfaceId}&`),
    );
    await page.goto(`/portal/service/network/${order.base_order_id}`);
    const response = await chartCall;
    const body = (await response.json()) as { data: (number | null)[][] };
    expect(
      body.data.slice(1).some((r) => typeof r[1] === 'number' && r[1] > 0),
      `${response.url()} ${JSON.stringify(body).slice(0, 500)}`,
    ).toBe(true);
    const figure = page.getByRole('figure', { name: 'Traffic – Loopback (SNMP test)' });
    await figure.locator('canvas').first().waitFor();
    await figure.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await figure.screenshot({ path: join(shots, 'network-bits-lo.png') });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(shots, 'network-page.png') });
    await context.close();

    // The staff page lists the device with its status.
    const staffPage = await newPage(browser, server.origin);
    await signIn(staffPage.page, demoEmails.staff3);
    await staffPage.page.goto('/portal/admin/snmp-devices');
    const row = staffPage.page.getByRole('row', { name: /e2e-loopback/ });
    await row.waitFor();
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('community held');
    await staffPage.page.screenshot({ path: join(shots, 'staff-snmp-devices.png'), fullPage: true });
    await staffPage.context.close();
  });
});
