import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

import { launchBrowser } from './browser.ts';
import { DEMO_PASSWORD, demoEmails } from './demo.ts';
import { type RunningServer, startServer } from './server.ts';

export const DAY = 86400;
export const now = () => Math.floor(Date.now() / 1000);
/** The last 30 days as a product stats call's range (its `baseOrderId` to be set). */
export const lastMonth = () => ({ baseOrderId: 0, startDate: now() - 30 * DAY, endDate: now() });

/** Waits until the chart titled `title` has drawn its canvas. */
export const chartDrawn = (page: Page, title: string) =>
  page.getByRole('figure', { name: title }).locator('[data-testid="chart-canvas"] canvas').first().waitFor();

/**
 * The product page files' start: a server and a browser for the file, the demo customer's API token, and
 * the calls made with it (`api`: GET input in the query string, POST in the body). `state` is filled
 * before the file's own `beforeAll` runs.
 */
export function productSuite() {
  const state = { server: undefined as unknown as RunningServer, browser: undefined as unknown as Browser };
  let token = '';

  async function api(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) {
    const url =
      method === 'GET' && body
        ? `${state.server.origin}/api/${path}?${new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]))}`
        : `${state.server.origin}/api/${path}`;
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

  beforeAll(async () => {
    state.server = await startServer();
    state.browser = await launchBrowser();
    const signedIn = await api('POST', 'auth/get-token', { email: demoEmails.customer, password: DEMO_PASSWORD });
    token = (signedIn.data as { token: string }).token;
  });

  afterAll(async () => {
    await state.browser?.close();
    await state.server?.stop();
  });

  return { state, api, orderWithData };
}
