import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiToken, callApi } from './helpers/api.ts';
import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/**
 * Debian's Prometheus (apt-get install prometheus) scrapes itself every second and remote-writes one of
 * its own counters, go_memstats_alloc_bytes_total, relabelled as the interface counter if_in_octets of
 * a new interface (object_key 4242) on the demo customer's network order, to the portal's remote write
 * call with a metrics token. The interface itself is fed first through the product-objects collection
 * (the network page lists the interfaces the provider's inventory sent, decision 098). The portal turns
 * the readings into rates and the network page charts them.
 */

const prometheusPort = 4641;
const interfaceId = 4242;
const staleGraceSeconds = 10;

let server: RunningServer;
let browser: Browser;
let prometheus: ChildProcess | undefined;
let promDir = '';
let promOutput = '';
let customer = '';
let order: { base_order_id: number; order_number: string };

const api = <T>(method: 'GET' | 'POST', path: string, body: Record<string, unknown>, token?: string) =>
  callApi<T>(server.origin, method, path, body, token);
const signInApi = (email: string) => apiToken(server.origin, email);

beforeAll(async () => {
  // The stale-data notice's grace is a minute in the product; ten seconds here, so the test waits that
  // long after Prometheus stops instead of a minute (still far above the feed's own delay of a second or two,
  // even on a loaded machine).
  server = await startServer({ METRICS_STALE_GRACE_SECONDS: String(staleGraceSeconds) });
  browser = await launchBrowser();
  const staff = await signInApi(demoEmails.staff3);
  const created = await api<{ token: string }>(
    'POST',
    'integration/tokens',
    { name: 'Prometheus', scopes: ['metrics', 'orders'] },
    staff,
  );
  expect(created.code).toBe('SUCCESS');
  customer = await signInApi(demoEmails.customer);
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
          attributes: { name: 'prom0', alias: 'Prometheus heap', snmpiftype: 53, speed_bps: 1_000_000_000 },
        },
      ],
    },
    created.data.token,
  );
  expect(fed.data.results).toEqual([{ key: String(interfaceId), status: 'created' }]);

  promDir = await mkdtemp(join(tmpdir(), 'portal-prometheus-'));
  const config = `
global:
  scrape_interval: 1s
scrape_configs:
  - job_name: self
    static_configs:
      - targets: ['127.0.0.1:${prometheusPort}']
remote_write:
  - url: ${server.origin}/api/integration/v1/prometheus/write
    authorization:
      credentials: ${created.data.token}
    queue_config:
      batch_send_deadline: 1s
      min_backoff: 100ms
      max_backoff: 1s
    write_relabel_configs:
      - source_labels: [__name__]
        regex: go_memstats_alloc_bytes_total
        action: keep
      - target_label: __name__
        replacement: if_in_octets
      - target_label: portal_order
        replacement: ${order.order_number}
      - target_label: object_key
        replacement: '${interfaceId}'
`;
  await writeFile(join(promDir, 'prometheus.yml'), config);
  prometheus = spawn(
    'prometheus',
    [
      `--config.file=${join(promDir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(promDir, 'data')}`,
      `--web.listen-address=127.0.0.1:${prometheusPort}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  prometheus.stdout?.on('data', (chunk: Buffer) => (promOutput += chunk.toString()));
  prometheus.stderr?.on('data', (chunk: Buffer) => (promOutput += chunk.toString()));
});

afterAll(async () => {
  if (prometheus && prometheus.exitCode === null) {
    prometheus.kill('SIGTERM');
    await new Promise((resolve) => prometheus?.once('exit', resolve));
  }
  if (promDir) await rm(promDir, { recursive: true, force: true });
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

describe('Prometheus remote write', () => {
  it('its relabelled counter arrives as a rate and the network page charts it', async () => {
    let rows: (number | null)[][] = [];
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline && rows.filter((r) => typeof r[1] === 'number').length < 3) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      if (prometheus?.exitCode !== null) throw new Error(`prometheus exited:\n${promOutput}`);
      rows = await bitsRows();
    }
    const rates = rows.map((r) => r[1]).filter((v): v is number => typeof v === 'number');
    expect(rates.length, promOutput.slice(-2000)).toBeGreaterThanOrEqual(3);
    // Bytes allocated only grow: every rate is positive (a reset would show as a drop, not a negative).
    expect(rates.every((v) => v > 0)).toBe(true);

    const interfaces = (
      await api<{ interfaces: { snmpinterface_id: number; multi_interface_alias: string; name: string }[] }>(
        'GET',
        'network/get-network-order',
        { baseOrderId: order.base_order_id },
        customer,
      )
    ).data.interfaces;
    const iface = interfaces.find((i) => i.snmpinterface_id === interfaceId);
    expect(iface).toMatchObject({ multi_interface_alias: 'Prometheus heap', name: 'prom0', snmpiftype: 53 });

    const { context, page } = await newPage(browser, server.origin);
    // The page asks for ranges ending on the last whole minute: its clock a minute ahead puts that
    // minute after the rates that just arrived, instead of waiting up to a minute for one to pass.
    await context.clock.install({ time: Date.now() + 60_000 });
    await signIn(page, demoEmails.customer);
    const chartCall = page.waitForResponse(
      (r) => r.url().includes('network/get-network-stats') && r.url().includes(`interfaceId=${interfaceId}`),
    );
    await page.goto(`/portal/service/network/${order.base_order_id}`);
    const response = await chartCall;
    const body = (await response.json()) as { data: (number | null)[][] };
    expect(
      body.data.slice(1).some((r) => typeof r[1] === 'number' && r[1] > 0),
      `${response.url()} ${JSON.stringify(body).slice(0, 500)}`,
    ).toBe(true);
    const figure = page.getByRole('figure', { name: `Traffic – ${iface?.multi_interface_alias}` });
    await figure.locator('canvas').first().waitFor();
    await page.getByText(/prom0 · Interface 4242 · type 53 · 1 Gbps/).waitFor();
    await page.screenshot({ path: join(tmpdir(), 'metrics-prometheus-network.png'), fullPage: true });
    expect(await page.getByTestId('stale-data').count()).toBe(0);

    // Prometheus stops. Once the newest point is older than the feed's step (one second) plus the
    // grace (METRICS_STALE_GRACE_SECONDS), the page says when the last point arrived.
    prometheus?.kill('SIGTERM');
    await new Promise((resolve) => prometheus?.once('exit', resolve));
    const stopped = Date.now();
    const stale = async () =>
      (
        await api<{ stale: boolean }>(
          'GET',
          'metrics/get-data-freshness',
          { baseOrderId: order.base_order_id },
          customer,
        )
      ).data.stale;
    while (!(await stale()) && Date.now() - stopped < 120_000)
      await new Promise((resolve) => setTimeout(resolve, 1000));
    await page.reload();
    const notice = page.getByTestId('stale-data');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/The latest data arrived .+; new data is expected every second\./);
    await page.screenshot({ path: join(tmpdir(), 'metrics-prometheus-stale.png') });
    await context.close();
  }, 300_000);
});
