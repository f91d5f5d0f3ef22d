import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { newPage, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
import { DAY, productSuite } from './helpers/products.ts';
import type { RunningServer } from './helpers/server.ts';

const suite = productSuite();
const { api } = suite;
let server: RunningServer, browser: Browser;
beforeAll(() => ({ server, browser } = suite.state));

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
