/**
 * The endpoint backup page (issue 14, decision 097) of the demo customer in the browser: an order with
 * both sections and one with agents only, the two sub-pages, at desktop (1280x800) and phone (390x844)
 * widths. Every chart draws data and none shows the error text; the tables page 10 rows at a time,
 * each on its own; a name that is not the order's shows the not-found message. Screenshots in
 * /tmp/shots-eb/ for a person to look at.
 */
import { mkdir } from 'node:fs/promises';

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { expectChartsDrawn } from './helpers/charts.ts';
import { DEMO_PASSWORD, demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let token = '';
const shots = '/tmp/shots-eb';

const viewports = [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
] as const;

async function api(method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}) {
  const query = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${server.origin}/api/${path}${method === 'GET' ? `?${query}` : ''}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as { data: unknown; code: string };
}

interface EbOrder {
  base_order_id: number;
  agent: unknown;
  image: unknown;
}

let both: EbOrder;
let agentsOnly: EbOrder;
let clientName = '';
let vmName = '';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await mkdir(shots, { recursive: true });
  token = (
    (await api('POST', 'auth/get-token', { email: demoEmails.customer, password: DEMO_PASSWORD })).data as {
      token: string;
    }
  ).token;
  const list = (await api('POST', 'orders/get-orders', { search_product_cd: 'eb', perPage: 100 })).data as {
    data: { base_order_id: number; order_status_cd?: string }[];
  };
  const orders: EbOrder[] = [];
  for (const o of list.data) {
    const res = await api('GET', 'orders-eb/get-order-eb', { baseOrderId: o.base_order_id });
    if (res.code === 'SUCCESS') orders.push(res.data as EbOrder);
  }
  const machinesOf = async (o: EbOrder) =>
    ((await api('GET', 'orders-eb/get-eb-image-machines', { baseOrderId: o.base_order_id })).data as { total: number })
      .total;
  for (const o of orders) if (o.image && (await machinesOf(o)) > 10 && !both) both = o;
  agentsOnly = orders.find((o) => o.agent && !o.image) as EbOrder;
  expect(both, 'an order with both sections and more than a page of machines').toBeDefined();
  expect(agentsOnly, 'an order with agents only').toBeDefined();
  clientName = (
    (await api('GET', 'orders-eb/get-eb-agent-clients', { baseOrderId: both.base_order_id })).data as {
      data: { client_name: string }[];
    }
  ).data[0]!.client_name;
  vmName = (
    (await api('GET', 'orders-eb/get-eb-image-machines', { baseOrderId: both.base_order_id })).data as {
      data: { vm_name: string }[];
    }
  ).data[0]!.vm_name;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  console.log(`endpoint backup screenshots in ${shots}`);
});

describe.each(viewports)('endpoint backup at %s width', (name, width, height) => {
  it('shows both sections with their charts and tables, 10 rows a page, each table paged on its own', async () => {
    const { context, page } = await newPage(browser, server.origin, { width, height });
    await signIn(page, demoEmails.customer);
    await page.goto(`/portal/service/eb/${both.base_order_id}`);
    await page.getByRole('region', { name: 'Agent backup' }).waitFor();
    await page.getByRole('region', { name: 'Image backup' }).waitFor();
    await page.getByText('Endpoint charge').waitFor();
    await expectChartsDrawn(page, `${name} eb`, 4);
    const agents = page.getByRole('table', { name: 'Agent clients' });
    const images = page.getByRole('table', { name: 'Image-backed machines' });
    expect(await agents.locator('tbody tr').count()).toBe(10);
    expect(await images.locator('tbody tr').count()).toBe(10);
    await page.screenshot({ path: `${shots}/eb-${name}.png`, fullPage: true });

    // The machines' second page; the clients stay on their first.
    const firstClient = await agents.locator('tbody tr').first().textContent();
    await page
      .getByRole('navigation', { name: 'Image machine pages' })
      .getByRole('button', { name: 'Next page' })
      .click();
    await page.waitForURL(/images_page=2/);
    await page.getByRole('navigation', { name: 'Image machine pages' }).getByText('Page 2 of 2').waitFor();
    expect(await images.locator('tbody tr').count()).toBeLessThanOrEqual(10);
    expect(await agents.locator('tbody tr').first().textContent()).toBe(firstClient);
    await context.close();
  });

  it('shows only the agent section for an order that bills agents only', async () => {
    const { context, page } = await newPage(browser, server.origin, { width, height });
    await signIn(page, demoEmails.customer);
    await page.goto(`/portal/service/eb/${agentsOnly.base_order_id}`);
    await page.getByRole('region', { name: 'Agent backup' }).waitFor();
    await expectChartsDrawn(page, `${name} eb agents only`, 2);
    expect(await page.getByRole('region', { name: 'Image backup' }).count()).toBe(0);
    await page.screenshot({ path: `${shots}/eb-agents-only-${name}.png`, fullPage: true });
    await context.close();
  });

  it('opens an agent client and an image machine from the tables, with their charts', async () => {
    const { context, page } = await newPage(browser, server.origin, { width, height });
    await signIn(page, demoEmails.customer);
    await page.goto(`/portal/service/eb/${both.base_order_id}`);
    await page.getByRole('table', { name: 'Agent clients' }).getByRole('link', { name: clientName }).click();
    await page.waitForURL(`**/service/eb-agent-machine/${both.base_order_id}/${encodeURIComponent(clientName)}`);
    await page.getByRole('heading', { name: clientName }).waitFor();
    await page.getByText('Failed backups').waitFor();
    await expectChartsDrawn(page, `${name} agent machine`, 2);
    await page.screenshot({ path: `${shots}/eb-agent-machine-${name}.png`, fullPage: true });

    await page.goto(`/portal/service/eb/${both.base_order_id}`);
    await page.getByRole('table', { name: 'Image-backed machines' }).getByRole('link', { name: vmName }).click();
    await page.waitForURL(`**/service/eb-image-machine/${both.base_order_id}/${encodeURIComponent(vmName)}`);
    await page.getByRole('heading', { name: vmName }).waitFor();
    await expectChartsDrawn(page, `${name} image machine`, 2);
    await page.screenshot({ path: `${shots}/eb-image-machine-${name}.png`, fullPage: true });

    // A name the order does not have: the not-found message, no charts.
    await page.goto(`/portal/service/eb-agent-machine/${both.base_order_id}/no-such-client`);
    await page.getByText('No agent client found.').waitFor();
    expect(await page.getByRole('figure').count()).toBe(0);
    await context.close();
  });
});
