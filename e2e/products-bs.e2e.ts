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

describe('backup as a service pages', () => {
  it('overview with charts and managed backups; a backup with its paged history and range dropdown', async () => {
    const list = await api('POST', 'orders/get-orders', { search_product_cd: 'bs', perPage: 100 });
    const end = Math.floor(Date.now() / 1000);
    let baseOrderId = 0;
    for (const o of (list.data as { data: { base_order_id: number }[] }).data) {
      const backups = await api('GET', 'orders-bs/get-bs-managed-backups', {
        baseOrderId: o.base_order_id,
        startDate: end - 30 * DAY,
        endDate: end,
      });
      if (((backups.data as unknown[] | null)?.length ?? 0) > 0) {
        baseOrderId = o.base_order_id;
        break;
      }
    }
    expect(baseOrderId).toBeGreaterThan(0);

    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto(`/portal/service/bs/${baseOrderId}`);
    await page.getByRole('group', { name: 'Production storage', exact: true }).waitFor();
    await page.getByRole('group', { name: 'Cloud office items', exact: true }).waitFor();
    await page.getByRole('table', { name: 'Rates' }).waitFor();
    const production = page.getByRole('figure', { name: 'Production storage' });
    await production.locator('[data-testid="chart-canvas"] canvas').first().waitFor();

    // The managed backups table links to each backup's detail page.
    const table = page.getByRole('table', { name: 'Managed backups' });
    const link = table.locator('tbody tr a').first();
    await link.waitFor();
    const title = (await link.textContent()) ?? '';
    await link.click();
    await page.waitForURL(new RegExp(`/portal/service/bs-backup/${baseOrderId}/[0-9a-f]{40}$`));

    // The backup: its name, 15 runs a page, the next page, and the range dropdown (default last year).
    await page.getByRole('heading', { name: title }).waitFor();
    const history = page.getByRole('table', { name: 'Backup history' });
    const rows = history.locator('tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(15);
    const firstRow = await rows.first().textContent();
    const range = page.getByRole('combobox', { name: 'Range of backup history' });
    expect(await range.inputValue()).toBe('Last year');
    const next = page.waitForRequest((r) => new URL(r.url()).searchParams.get('page') === '2');
    await page.getByRole('navigation', { name: 'History pages' }).getByRole('button', { name: 'Next page' }).click();
    await next;
    await page.waitForURL(/page=2/);
    await expect.poll(() => rows.first().textContent()).not.toBe(firstRow);

    const request = page.waitForRequest((r) => r.url().includes('orders-bs/get-bs-resource-backups'));
    await range.click();
    await page.getByRole('option', { name: 'Last week', exact: true }).click();
    const params = new URL((await request).url()).searchParams;
    expect(Number(params.get('endDate')) - Number(params.get('startDate'))).toBe(7 * DAY);
    await context.close();
  });
});
