import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { DEMO_PASSWORD, demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let token: string;

const DAY = 86400;

async function api(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) {
  const url =
    method === 'GET' && body
      ? `${server.origin}/api/${path}?${new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]))}`
      : `${server.origin}/api/${path}`;
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
  });
  return (await res.json()) as { data: unknown; code: string };
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const signedIn = await api('POST', 'auth/get-token', { email: demoEmails.customer, password: DEMO_PASSWORD });
  token = (signedIn.data as { token: string }).token;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('resource pool page', () => {
  it('usage per metric, a chart per metric, the VM table (sort, search) and the VM download popup', async () => {
    const list = await api('POST', 'orders/get-orders', { search_product_cd: 'rp', perPage: 100 });
    let baseOrderId = 0;
    for (const o of (list.data as { data: { base_order_id: number }[] }).data) {
      const vms = await api('GET', 'resource-pools/get-resource-pool-vms', { baseOrderId: o.base_order_id });
      if (((vms.data as { total: number } | null)?.total ?? 0) > 10) {
        baseOrderId = o.base_order_id;
        break;
      }
    }
    expect(baseOrderId).toBeGreaterThan(0);
    const order = (await api('GET', 'resource-pools/get-resource-pool-order', { baseOrderId })).data as {
      storage_profiles: unknown[];
    };

    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto(`/portal/service/resource-pool/${baseOrderId}`);
    await page.getByRole('group', { name: 'Memory usage' }).waitFor();
    await page.getByRole('group', { name: 'Compute usage' }).getByText(/\d+%/).waitFor();
    const memory = page.getByRole('figure', { name: 'Memory' });
    await memory.locator('[data-testid="chart-canvas"] canvas').first().waitFor();
    expect(await page.getByRole('figure').count()).toBe(2 + order.storage_profiles.length);

    // The range dropdown asks for another range.
    const request = page.waitForRequest((r) => r.url().includes('resource-pools/get-resource-pool-stats'));
    await memory.getByRole('combobox', { name: 'Range of Memory' }).selectOption({ label: 'Last week' });
    const range = new URL((await request).url()).searchParams;
    expect(Number(range.get('end')) - Number(range.get('start'))).toBe(7 * DAY);

    // The VM table: 10 a page, sorted on click, searched by name.
    const table = page.getByRole('table', { name: 'Virtual machines' });
    const rows = table.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(10);
    await table.getByRole('button', { name: /^Memory/ }).click();
    await page.waitForURL(/sort=memory_bytes/);
    await page.getByRole('searchbox', { name: 'Search VMs' }).fill('no-such-vm');
    await page.getByRole('searchbox', { name: 'Search VMs' }).press('Enter');
    await page.getByText('No VMs found.').waitFor();

    // Downloading an empty search shows the Download Error popup about VMs.
    await page.getByRole('button', { name: 'Download VMs' }).click();
    await page.getByText('Download Error').waitFor();
    await page.getByText(/no VMs to download/).waitFor();
    await context.close();
  });
});
