import { mkdir } from 'node:fs/promises';

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiToken, callApi } from './helpers/api.ts';
import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/**
 * Issue 13, live updates: the demo customer's network page is open on an interface's traffic chart
 * ("Last day", which ends at now); a counter reading pushed through the integration API reaches the
 * page over its Server-Sent Events stream and the chart reloads with the new rate, without a reload
 * of the page. Screenshots before and after in /tmp/shots-live/.
 */

const interfaceId = 4343;
const shots = '/tmp/shots-live';

let server: RunningServer;
let browser: Browser;
let metricsToken = '';
let customer = '';
let order: { base_order_id: number; order_number: string };

const api = <T>(method: 'GET' | 'POST', path: string, body: Record<string, unknown>, token?: string) =>
  callApi<T>(server.origin, method, path, body, token);
const signInApi = (email: string) => apiToken(server.origin, email);

/** Raw if_in_octets readings of the test interface (the portal stores their rates). */
async function push(readings: [ts: number, octets: number][]) {
  const res = await api<{ accepted: number; rejected: unknown[] }>(
    'POST',
    'integration/v1/metrics',
    {
      points: readings.map(([ts, value]) => ({
        order_number: order.order_number,
        metric: 'if_in_octets',
        labels: { object_key: String(interfaceId) },
        ts,
        value,
      })),
    },
    metricsToken,
  );
  expect(res.data).toEqual({ accepted: readings.length, rejected: [] });
}

beforeAll(async () => {
  await mkdir(shots, { recursive: true });
  // On the embedded database new points reach the page through the process's own hub (PostgreSQL
  // uses LISTEN/NOTIFY): this file covers that path (decision 106).
  server = await startServer({}, { database: 'embedded' });
  browser = await launchBrowser();
  const staff = await signInApi(demoEmails.staff3);
  const created = await api<{ token: string }>(
    'POST',
    'integration/tokens',
    { name: 'Live', scopes: ['metrics', 'orders'] },
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
  // The interface, as the provider's inventory sends it (the network page lists the order's interfaces).
  const fed = await api<{ results: { key: string; status: string }[] }>(
    'POST',
    'integration/v1/product-objects/batch',
    {
      items: [
        {
          order_number: order.order_number,
          kind: 'network_interface',
          object_key: String(interfaceId),
          attributes: { name: 'live0', alias: 'Live uplink', snmpiftype: 6, speed_bps: 1_000_000_000 },
        },
      ],
    },
    metricsToken,
  );
  expect(fed.data.results).toEqual([{ key: String(interfaceId), status: 'created' }]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('live updates', () => {
  it('a point pushed through the integration API appears on the open chart', async () => {
    // A gentle line over the last minutes, so the interface has a chart before the page opens.
    const minute = Math.floor(Date.now() / 60000) * 60;
    const base = minute - 10 * 60;
    const readings: [number, number][] = [];
    for (let i = 0; i <= 7; i++) readings.push([base + i * 60, i * 60 * 20_000]);
    await push(readings);

    const interfaces = (
      await api<{ interfaces: { snmpinterface_id: number; multi_interface_alias: string }[] }>(
        'GET',
        'network/get-network-order',
        { baseOrderId: order.base_order_id },
        customer,
      )
    ).data.interfaces;
    const iface = interfaces.find((i) => i.snmpinterface_id === interfaceId);
    expect(iface, JSON.stringify(interfaces)).toBeDefined();

    const { context, page } = await newPage(browser, server.origin, { width: 1280, height: 900 });
    const streams: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/live/orders/')) streams.push(r.headers().authorization ?? '');
    });
    await signIn(page, demoEmails.customer);
    await page.goto(`/portal/service/network/${order.base_order_id}`);
    const figure = page.getByRole('figure', {
      name: `Traffic – ${iface?.multi_interface_alias || 'live0'}`,
    });
    await figure.locator('canvas').first().waitFor();
    await expect.poll(() => figure.getAttribute('data-live')).toBe('on');
    await expect.poll(() => streams.length).toBeGreaterThan(0);
    // One stream for the page, however many charts; the token in the header, as every call sends it.
    expect(new Set(streams).size).toBe(1);
    expect(streams[0]).toMatch(/^Bearer ./);
    await figure.getByTestId('chart-live').waitFor();
    await figure.scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await figure.screenshot({ path: `${shots}/before.png` });

    // A burst: 3,000,000 octets in the next minute (50,000 octets/s = 400 kbit/s, 25 times the line).
    const last = readings.at(-1) as [number, number];
    const spikeTs = last[0] + 60;
    const reloaded = page.waitForResponse(
      async (r) => {
        if (!r.url().includes('network/get-network-stats') || !r.url().includes(`interfaceId=${interfaceId}`))
          return false;
        const body = (await r.json()) as { data: (number | null)[][] };
        return body.data.slice(1).some((row) => row[1] === 400_000);
      },
      { timeout: 20_000 },
    );
    const pushedAt = Date.now();
    await push([[spikeTs, last[1] + 3_000_000]]);
    await reloaded;
    const delayMs = Date.now() - pushedAt;
    console.log(`live update: ingest to reloaded chart in ${delayMs} ms`);
    expect(delayMs).toBeLessThan(5000);
    await page.waitForTimeout(800);
    await figure.screenshot({ path: `${shots}/after.png` });
    await page.screenshot({ path: `${shots}/page-after.png`, fullPage: false });
    await context.close();
  });
});
