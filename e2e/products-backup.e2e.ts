import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { newPage, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
import { lastMonth, chartDrawn, productSuite } from './helpers/products.ts';
import type { RunningServer } from './helpers/server.ts';

const suite = productSuite();
const { api, orderWithData } = suite;
let server: RunningServer, browser: Browser;
beforeAll(() => ({ server, browser } = suite.state));

describe('backup product pages', () => {
  it('virtual machine backup: VM count, storage, rates, the client installers and two charts with data', async () => {
    const baseOrderId = await orderWithData('cv', async (id) => {
      const stats = await api('GET', 'orders-cv/get-cv-stats', { ...lastMonth(), baseOrderId: id });
      return ((stats.data as { vm_count: unknown[] } | null)?.vm_count.length ?? 0) > 1;
    });
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto(`/portal/service/cv/${baseOrderId}`);
    await chartDrawn(page, 'Protected VMs');
    await chartDrawn(page, 'Storage used');
    for (const label of ['Rate per VM', 'VM charge', 'Rate per GB', 'Storage charge'])
      await page.getByText(label, { exact: true }).waitFor();
    // The provider's client installers (decision 099), grouped by platform.
    await page.getByRole('button', { name: 'Download clients' }).click();
    const installers = page.getByRole('menu').getByRole('menuitem');
    await installers.first().waitFor();
    expect(await installers.count()).toBeGreaterThan(2);
    expect(await installers.first().getAttribute('href')).toMatch(/^https:\/\//);
    await context.close();
  });

  it('endpoint detection: licence counts, rate and a chart with data', async () => {
    const baseOrderId = await orderWithData('ed', async (id) => {
      const stats = await api('GET', 'orders-ed/get-ed-stats', { ...lastMonth(), baseOrderId: id });
      return ((stats.data as { license: unknown[] } | null)?.license.length ?? 0) > 1;
    });
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto(`/portal/service/ed/${baseOrderId}`);
    await chartDrawn(page, 'Licences');
    for (const label of ['Active licences', 'Hardware-bound licences', 'Licence rate'])
      await page.getByText(label, { exact: true }).first().waitFor();
    await context.close();
  });

  it('an order of another product hides the content area', async () => {
    const list = await api('POST', 'orders/get-orders', { search_product_cd: 'ob', perPage: 1 });
    const ob = (list.data as { data: { base_order_id: number }[] }).data[0]?.base_order_id ?? 0;
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    for (const controller of ['cv', 'ed']) {
      await page.goto(`/portal/service/${controller}/${ob}`);
      await page.getByText('No order found.').waitFor();
      expect(await page.getByRole('figure').count()).toBe(0);
    }
    await context.close();
  });
});
