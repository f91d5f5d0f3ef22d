import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { newPage, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
import { DAY, now, productSuite } from './helpers/products.ts';
import type { RunningServer } from './helpers/server.ts';

const suite = productSuite();
const { api, orderWithData } = suite;
let server: RunningServer, browser: Browser;
beforeAll(() => ({ server, browser } = suite.state));

/** Waits for a drawn chart, picks another range in its dropdown and returns the range of the call it made. */
async function changeRange(page: Page, chartTitle: string, option: string, callPath: string) {
  const chart = page.getByRole('figure', { name: chartTitle }).first();
  await chart.locator('[data-testid="chart-canvas"] canvas').first().waitFor();
  const request = page.waitForRequest((r) => r.url().includes(callPath));
  await chart.getByRole('combobox', { name: `Range of ${chartTitle}` }).selectOption({ label: option });
  const url = new URL((await request).url());
  await chart.locator('[data-testid="chart-canvas"] canvas').first().waitFor();
  return url.searchParams;
}

describe('product pages', () => {
  it('usage-based: a chart per component with data; the range dropdown changes the range', async () => {
    const baseOrderId = await orderWithData('ub', async (id) => {
      const stats = await api('GET', 'usage-based/get-usage-stats', {
        baseOrderId: id,
        start: now() - 90 * DAY,
        end: now(),
      });
      const items = stats.data as { chartData: unknown[] }[] | null;
      return Boolean(items?.length && (items[0]?.chartData.length ?? 0) > 1);
    });
    const order = (await api('GET', 'usage-based/get-usage-order', { baseOrderId })).data as {
      components: { description: string }[];
    };
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto(`/portal/service/usage-based/${baseOrderId}`);
    const title = order.components[0]?.description ?? '';
    await page.getByRole('figure', { name: title }).locator('canvas').first().waitFor();
    expect(await page.getByRole('figure').count()).toBe(order.components.length);
    await page.getByTestId('usage-stats').first().waitFor();
    const range = await changeRange(page, title, 'Last week', 'usage-based/get-usage-stats');
    expect(Number(range.get('end')) - Number(range.get('start'))).toBe(7 * DAY);
    expect(await page.getByRole('link', { name: 'Order details' }).getAttribute('href')).toBe(
      `/portal/service/order/${baseOrderId}`,
    );
    await context.close();
  });

  it('object storage: figures and the bytes and objects charts; the range dropdown changes the range', async () => {
    const baseOrderId = await orderWithData('ob', async (id) => {
      const stats = await api('GET', 'orders-ob/get-ob-stats', {
        baseOrderId: id,
        start: now() - 30 * DAY,
        end: now(),
      });
      return ((stats.data as { size: unknown[] } | null)?.size.length ?? 0) > 1;
    });
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto(`/portal/service/ob/${baseOrderId}`);
    await page.getByText('No limit').first().waitFor();
    await page.getByRole('figure', { name: 'Objects' }).locator('canvas').first().waitFor();
    const range = await changeRange(page, 'Storage used', 'Last 3 months', 'orders-ob/get-ob-stats');
    expect(Number(range.get('end')) - Number(range.get('start'))).toBe(90 * DAY);

    // The bucket table: sorted by size on click, searched by name.
    const rows = page.locator('table tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Size/ }).click();
    await page.waitForURL(/sort=size/);
    await page.getByRole('searchbox', { name: 'Search buckets' }).fill('no-such-bucket');
    await page.getByRole('searchbox', { name: 'Search buckets' }).press('Enter');
    await page.getByText('No buckets found.').waitFor();
    await context.close();
  });

  it('network: tabs by interface type with a chart; the range dropdown changes the range', async () => {
    const baseOrderId = await orderWithData('di', async (id) => {
      const order = await api('GET', 'network/get-network-order', { baseOrderId: id });
      return ((order.data as { interfaces: unknown[] } | null)?.interfaces.length ?? 0) > 0;
    });
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto(`/portal/service/network/${baseOrderId}`);
    const traffic = page.getByRole('figure', { name: /^Traffic – / }).first();
    await traffic.locator('canvas').first().waitFor();
    const title = (await traffic.getAttribute('aria-label')) ?? '';
    expect(await page.getByRole('tab', { name: 'Traffic' }).count()).toBeGreaterThan(0);
    const range = await changeRange(page, title, 'Last week', 'network/get-network-stats');
    expect(Number(range.get('endDate')) - Number(range.get('startDate'))).toBe(7 * DAY);
    expect(range.get('chartType')).toBe('bits');
    await context.close();
  });
});
