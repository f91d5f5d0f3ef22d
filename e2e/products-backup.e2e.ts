import type { Browser, Page } from 'playwright-core';
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

/** The first of the customer's orders of a product code whose charts (checked by `hasData`) have data. */
async function orderWithData(productCd: string, hasData: (baseOrderId: number) => Promise<boolean>) {
  const list = await api('POST', 'orders/get-orders', { search_product_cd: productCd, perPage: 100 });
  for (const o of (list.data as { data: { base_order_id: number }[] }).data)
    if (await hasData(o.base_order_id)) return o.base_order_id;
  throw new Error(`no ${productCd} order with data`);
}

const now = () => Math.floor(Date.now() / 1000);
const lastMonth = () => ({ baseOrderId: 0, startDate: now() - 30 * DAY, endDate: now() });

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

const chartDrawn = (page: Page, title: string) =>
  page.getByRole('figure', { name: title }).locator('[data-testid="chart-canvas"] canvas').first().waitFor();

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
