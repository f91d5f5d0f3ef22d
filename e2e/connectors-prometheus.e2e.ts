import { spawn, type ChildProcess } from 'node:child_process';
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
 * A Prometheus-compatible source (issue 13, decision 101): Debian's prometheus-node-exporter exposes
 * the loopback interface's counters, Debian's Prometheus scrapes them every second, and staff map the
 * bits chart of a new interface (fed through product-objects) on the demo customer's network order to
 * PromQL over those counters. Nothing is copied: the chart asks Prometheus (query_range) and draws.
 * Then the source breaks (its URL points at a closed port): the chart says the spec's error, the page
 * says the data is delayed, and the connector status page shows the source's error text.
 */

const prometheusPort = 19190;
const exporterPort = 19191;
const deadPort = 4459;
const interfaceId = 4343;
const shots = '/tmp/shots-prom';

let server: RunningServer;
let browser: Browser;
let prometheus: ChildProcess | undefined;
let exporter: ChildProcess | undefined;
let promDir = '';
let output = '';
let staff = '';
let customer = '';
let order: { base_order_id: number; order_number: string };

const api = <T>(method: 'GET' | 'POST', path: string, body: Record<string, unknown>, token?: string) =>
  callApi<T>(server.origin, method, path, body, token);
const signInApi = (email: string) => apiToken(server.origin, email);

const run = (command: string, args: string[]) => {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return child;
};

/** The source as staff save it: the in and out bits of the interface from the loopback counters. */
const source = (url: string) => ({
  source_key: 'node-exporter',
  url,
  auth: 'none',
  series: (['receive', 'transmit'] as const).map((direction) => ({
    order_number: order.order_number,
    metric: direction === 'receive' ? 'if_in_octets' : 'if_out_octets',
    object_key: String(interfaceId),
    promql: `sum(rate(node_network_${direction}_bytes_total{device="lo"}[15s])) * 8`,
  })),
});

beforeAll(async () => {
  await mkdir(shots, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  staff = await signInApi(demoEmails.staff3);
  customer = await signInApi(demoEmails.customer);
  const created = await api<{ token: string }>(
    'POST',
    'integration/tokens',
    { name: 'Inventory', scopes: ['orders'] },
    staff,
  );
  expect(created.code).toBe('SUCCESS');
  const list = await api<{ data: { base_order_id: number; order_number: string }[] }>(
    'POST',
    'orders/get-orders',
    { search_product_cd: 'di', perPage: 100 },
    customer,
  );
  order = list.data.data[0] as { base_order_id: number; order_number: string };
  expect(order).toBeDefined();
  const fed = await api<{ results: { key: string; status: string }[] }>(
    'POST',
    'integration/v1/product-objects/batch',
    {
      items: [
        {
          order_number: order.order_number,
          kind: 'network_interface',
          object_key: String(interfaceId),
          attributes: { name: 'lo', alias: 'Loopback', snmpiftype: 6, speed_bps: 10_000_000_000 },
        },
      ],
    },
    created.data.token,
  );
  expect(fed.data.results).toEqual([{ key: String(interfaceId), status: 'created' }]);

  exporter = run('prometheus-node-exporter', [
    `--web.listen-address=127.0.0.1:${exporterPort}`,
    '--collector.disable-defaults',
    '--collector.netdev',
    // The exporter leaves lo out by default; this test's traffic is on lo.
    '--collector.netdev.device-exclude=^$',
  ]);
  promDir = await mkdtemp(join(tmpdir(), 'portal-prom-source-'));
  await writeFile(
    join(promDir, 'prometheus.yml'),
    `global:
  scrape_interval: 1s
scrape_configs:
  - job_name: node
    static_configs:
      - targets: ['127.0.0.1:${exporterPort}']
`,
  );
  prometheus = run('prometheus', [
    `--config.file=${join(promDir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${join(promDir, 'data')}`,
    `--web.listen-address=127.0.0.1:${prometheusPort}`,
  ]);
});

afterAll(async () => {
  for (const child of [prometheus, exporter])
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  if (promDir) await rm(promDir, { recursive: true, force: true });
  await browser?.close();
  await server?.stop();
});

/** The interface's bits chart over the last ten minutes, as the API answers it. */
async function bits() {
  const now = Math.floor(Date.now() / 1000);
  return api<(number | null)[][]>(
    'GET',
    'network/get-network-stats',
    { baseOrderId: order.base_order_id, interfaceId, chartType: 'bits', startDate: now - 600, endDate: now },
    customer,
  );
}

describe('a Prometheus-compatible source', () => {
  it('answers the bits chart of a mapped interface from the node exporter, and the page draws it', async () => {
    const saved = await api<{ status: string }>(
      'POST',
      'connectors/prometheus-sources',
      source(`http://127.0.0.1:${prometheusPort}`),
      staff,
    );
    expect(saved, JSON.stringify(saved)).toMatchObject({ code: 'SUCCESS', data: { status: 'created' } });

    // Loopback traffic while Prometheus gathers a few scrapes: the API's own health calls.
    let rows: (number | null)[][] = [];
    const deadline = Date.now() + 180_000;
    const rates = () => rows.filter((r) => typeof r[1] === 'number' && (r[1] as number) > 0);
    // The page asks for ranges ending on a whole minute, and Prometheus answers the rate at each step of
    // the range from the scrapes just before it: wait until some rates are older than this minute (a page
    // clock ahead, as the stored-data tests use, would put the last step after the newest scrape).
    const beforeMinute = () => rates().filter((r) => Number(r[0]) <= Math.floor(Date.now() / 60000) * 60).length;
    while (Date.now() < deadline && (rates().length < 3 || beforeMinute() < 1)) {
      for (let i = 0; i < 20; i++) await fetch(`${server.origin}/api/health`).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (prometheus?.exitCode !== null || exporter?.exitCode !== null) throw new Error(`exited:\n${output}`);
      const answer = await bits();
      rows = answer.code === 'SUCCESS' ? answer.data.slice(1) : [];
    }
    expect(rates().length, output.slice(-2000)).toBeGreaterThanOrEqual(3);
    // Ten minutes at the stored groups' step: floor(600 / 3) + 1 rows at most, in and out both drawn.
    expect(rows.length).toBeLessThanOrEqual(201);
    expect(rows.some((r) => typeof r[2] === 'number' && (r[2] as number) > 0)).toBe(true);

    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    const chartCall = page.waitForResponse(
      (r) => r.url().includes('network/get-network-stats') && r.url().includes(`interfaceId=${interfaceId}`),
    );
    await page.goto(`/portal/service/network/${order.base_order_id}`);
    const body = (await (await chartCall).json()) as { code: string; data: (number | null)[][] };
    expect(body.code).toBe('SUCCESS');
    expect(body.data.slice(1).some((r) => typeof r[1] === 'number' && r[1] > 0)).toBe(true);
    const figure = page.getByRole('figure', { name: 'Traffic – Loopback' });
    await figure
      .locator('canvas')
      .first()
      .waitFor()
      .catch(async (error: unknown) => {
        await page.screenshot({ path: `${shots}/network-page-not-drawn.png`, fullPage: true });
        throw error;
      });
    await figure.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1000);
    await figure.screenshot({ path: `${shots}/network-chart-from-prometheus.png` });
    await page.screenshot({ path: `${shots}/network-page.png`, fullPage: true });
    await context.close();
  });

  it('when the source fails: the spec chart error, the page says delayed, the status page shows the error', async () => {
    const saved = await api<{ status: string }>(
      'POST',
      'connectors/prometheus-sources',
      source(`http://127.0.0.1:${deadPort}`),
      staff,
    );
    expect(saved.data).toEqual({ status: 'updated' });
    const failed = await bits();
    expect(failed).toEqual({ data: null, code: 'SERVICE_UNAVAILABLE', message: 'An unknown error occurred.' });

    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto(`/portal/service/network/${order.base_order_id}`);
    await page.getByTestId('delayed-data').waitFor();
    const figure = page.getByRole('figure', { name: 'Traffic – Loopback' });
    await figure.getByText('An unknown error occurred.').waitFor();
    await page.screenshot({ path: `${shots}/network-page-source-failing.png`, fullPage: true });
    await context.close();

    const staffPage = await newPage(browser, server.origin, { width: 1400, height: 900 });
    await signIn(staffPage.page, demoEmails.staff3);
    await staffPage.page.goto('/portal/admin/connectors');
    const row = staffPage.page.getByRole('row', { name: /Prometheus source node-exporter/ });
    await row.getByText('Failing').waitFor();
    await row.getByText(/The source could not be reached/).waitFor();
    await staffPage.page.screenshot({ path: `${shots}/connector-status.png`, fullPage: true });
    await staffPage.page.goto('/portal/admin/prometheus-sources');
    await staffPage.page.getByRole('row', { name: /node-exporter/ }).waitFor();
    await staffPage.page.screenshot({ path: `${shots}/prometheus-sources.png`, fullPage: true });
    await staffPage.context.close();
  });
});
