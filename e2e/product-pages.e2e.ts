/**
 * Every product page and sub-page of the demo customers (issue 14), at desktop (1280x800) and phone
 * (390x844) sizes: the heading and the order's facts show, no error text, every chart (in every tab)
 * has drawn data (its canvas holds non-blank pixels and the kit's data-points attribute counts the
 * points drawn), and where the page shows the monthly charges their total is the order's monthly
 * charge. One chart is zoomed by a drag and its drawn range checked; the staff style demo page draws
 * every sample. Screenshots go to /tmp/shots-pages/ for a person to look at.
 *
 * Adding a page is one line in `pages` below: a name, and how its path is found.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { DEMO_PASSWORD, demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

const shots = '/tmp/shots-pages';
/** The chart error, the order error and the app's error boundary (a page that crashed, e.g. a chunk that failed to load). */
const errorTexts = [
  'An unknown error occurred.',
  'No order found.',
  'Something went wrong',
  'The page could not be shown.',
];

let server: RunningServer;
let browser: Browser;

/** The demo sign-ins whose services the pages are found among, in this order. */
const signIns = [demoEmails.customer, demoEmails.admin];

interface Api {
  email: string;
  get: (path: string, query: Record<string, string | number>) => Promise<unknown>;
}

interface PageRow {
  /** File name of the screenshots and the test's title. */
  name: string;
  /** Finds the page's path for a sign-in; undefined when that sign-in has no such page. */
  path: (api: Api) => Promise<string | undefined>;
  /** Chart titles allowed to show "No data available for this period." (none by default). */
  emptyCharts?: readonly string[];
  /** The page has no charts (a sub-page of tables); by default it must draw at least one. */
  noCharts?: boolean;
}

/** The orders of a sign-in, by product controller (first order of each, in list order). */
const ordersOf = new Map<string, Promise<Map<string, number>>>();

async function firstOrder(api: Api, controller: string): Promise<number | undefined> {
  let orders = ordersOf.get(api.email);
  if (!orders) {
    orders = (async () => {
      const found = new Map<string, number>();
      for (let page = 1; ; page++) {
        const list = (await api.get('orders/get-orders', { perPage: 100, page })) as {
          data: { base_order_id: number; product_controller: string }[];
          last_page: number;
        };
        for (const o of list.data)
          if (!found.has(o.product_controller)) found.set(o.product_controller, o.base_order_id);
        if (page >= list.last_page) break;
      }
      return found;
    })();
    ordersOf.set(api.email, orders);
  }
  return (await orders).get(controller);
}

/** A product page: /portal/service/{controller}/{baseOrderId} of the sign-in's first such order. */
const product =
  (controller: string): PageRow['path'] =>
  async (api) => {
    const id = await firstOrder(api, controller);
    return id === undefined ? undefined : `/portal/service/${controller}/${id}`;
  };

/** A sub-page of a product's first order: `build` gets the order id and returns the rest of the path. */
const subPage =
  (controller: string, build: (api: Api, baseOrderId: number) => Promise<string | undefined>): PageRow['path'] =>
  async (api) => {
    const id = await firstOrder(api, controller);
    return id === undefined ? undefined : build(api, id);
  };

const DAY = 86400;
const now = () => Math.floor(Date.now() / 1000);

/** The first of a sign-in's orders of a product (any of them, not only the first) for which `find` names a page. */
const anyOrder =
  (controller: string, find: (api: Api, baseOrderId: number) => Promise<string | undefined>): PageRow['path'] =>
  async (api) => {
    const list = (await api.get('orders/get-orders', { perPage: 100 })) as {
      data: { base_order_id: number; product_controller: string }[];
    };
    for (const o of list.data.filter((x) => x.product_controller === controller)) {
      const path = await find(api, o.base_order_id);
      if (path) return path;
    }
    return undefined;
  };

/** The first row of a paged product call, or undefined. */
const firstRow = async (api: Api, path: string, baseOrderId: number) =>
  ((await api.get(path, { baseOrderId })) as { data?: Record<string, string | number>[] } | null)?.data?.[0];

/** The pages: one line each (a sub-page finds its object through the product's own calls). */
const pages: PageRow[] = [
  { name: 'usage-based', path: product('usage-based') },
  { name: 'object-storage', path: product('ob') },
  { name: 'network', path: product('network') },
  { name: 'resource-pool', path: product('resource-pool') },
  { name: 'open-cloud', path: product('oc') },
  { name: 'backup-platform', path: product('ch') },
  { name: 'vm-backup', path: product('cv') },
  { name: 'endpoint-detection', path: product('ed') },
  { name: 'backup-service', path: product('bs') },
  {
    name: 'backup-service-resource',
    noCharts: true,
    path: subPage('bs', async (api, id) => {
      const list = (await api.get('orders-bs/get-bs-managed-backups', {
        baseOrderId: id,
        startDate: now() - 30 * DAY,
        endDate: now(),
      })) as { resource_id: string }[] | null;
      return list?.[0] ? `/portal/service/bs-backup/${id}/${list[0].resource_id}` : undefined;
    }),
  },
  { name: 'web-security', noCharts: true, path: product('dd') },
  {
    name: 'web-security-zone',
    path: anyOrder('dd', async (api, id) => {
      const zones = (await api.get('orders-dd/get-dd-zones', { baseOrderId: id })) as { zones?: { zone_id: number }[] };
      return zones?.zones?.[0] ? `/portal/service/dd/${id}/${zones.zones[0].zone_id}` : undefined;
    }),
  },
  { name: 'disaster-recovery', path: product('ds') },
  {
    name: 'disaster-recovery-vpg',
    path: anyOrder('ds', async (api, id) => {
      const vm = await firstRow(api, 'orders-ds/get-vms', id);
      return vm ? `/portal/service/ds-vpg/${id}/${vm.vpg_id}` : undefined;
    }),
  },
  {
    name: 'disaster-recovery-vm',
    path: anyOrder('ds', async (api, id) => {
      const vm = await firstRow(api, 'orders-ds/get-vms', id);
      return vm ? `/portal/service/ds-vm/${id}/${vm.vm_id}` : undefined;
    }),
  },
  { name: 'endpoint-backup', path: product('eb') },
  {
    name: 'endpoint-backup-agent',
    path: anyOrder('eb', async (api, id) => {
      const client = await firstRow(api, 'orders-eb/get-eb-agent-clients', id);
      return client
        ? `/portal/service/eb-agent-machine/${id}/${encodeURIComponent(client.client_name as string)}`
        : undefined;
    }),
  },
  {
    name: 'endpoint-backup-image',
    path: anyOrder('eb', async (api, id) => {
      const machine = await firstRow(api, 'orders-eb/get-eb-image-machines', id);
      return machine
        ? `/portal/service/eb-image-machine/${id}/${encodeURIComponent(machine.vm_name as string)}`
        : undefined;
    }),
  },
];

async function apiFor(email: string): Promise<Api> {
  const call = async (method: 'GET' | 'POST', path: string, body: Record<string, string | number>, token = '') => {
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
    return ((await res.json()) as { data: unknown }).data;
  };
  const { token } = (await call('POST', 'auth/get-token', { email, password: DEMO_PASSWORD })) as { token: string };
  return {
    email,
    // get-orders is a POST call; the product calls are GETs.
    get: (path, query) => call(path.startsWith('orders/') ? 'POST' : 'GET', path, query, token),
  };
}

/** Every page's path and the sign-in that opens it (the first sign-in that has it). */
async function resolvePages(): Promise<{ row: PageRow; email: string; path: string }[]> {
  const apis = await Promise.all(signIns.map(apiFor));
  const out: { row: PageRow; email: string; path: string }[] = [];
  for (const row of pages) {
    let found: { email: string; path: string } | undefined;
    for (const api of apis) {
      const path = await row.path(api);
      if (path) {
        found = { email: api.email, path };
        break;
      }
    }
    if (!found) throw new Error(`no demo sign-in has a page for ${row.name}`);
    out.push({ row, ...found });
  }
  return out;
}

/** Waits until every chart on the page has settled: drawn, empty or failed (no spinner left). */
async function settled(page: Page) {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[role="figure"]')].every(
      (f) =>
        f.querySelector('[data-testid="chart-canvas"][data-points] canvas') ||
        f.querySelector('[data-testid="chart-empty"]') ||
        f.querySelector('[data-testid="chart-error"]'),
    ),
  );
}

/** Pixels of a canvas that are neither transparent nor white. */
const inkOf = (canvas: Locator) =>
  canvas.evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d');
    if (!ctx || c.width === 0 || c.height === 0) return 0;
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    let ink = 0;
    for (let i = 0; i < data.length; i += 4)
      if ((data[i + 3] ?? 0) > 0 && ((data[i] ?? 0) < 240 || (data[i + 1] ?? 0) < 240 || (data[i + 2] ?? 0) < 240))
        ink++;
    return ink;
  });

/** Every chart in view drew data and none shows an error; returns how many charts were checked. */
async function expectChartsDrawn(page: Page, where: string, emptyOk: readonly string[] = []): Promise<number> {
  await settled(page);
  const figures = page.getByRole('figure');
  const count = await figures.count();
  for (let i = 0; i < count; i++) {
    const figure = figures.nth(i);
    const title = (await figure.getAttribute('aria-label')) ?? '';
    expect(await figure.getByTestId('chart-error').count(), `${where}: "${title}" shows the error`).toBe(0);
    if (emptyOk.includes(title) && (await figure.getByTestId('chart-empty').count()) > 0) continue;
    const canvas = figure.locator('[data-testid="chart-canvas"]');
    expect(await canvas.count(), `${where}: "${title}" drew nothing`).toBe(1);
    expect(Number(await canvas.getAttribute('data-points')), `${where}: "${title}" has no points`).toBeGreaterThan(0);
    expect(await inkOf(canvas.locator('canvas').first()), `${where}: "${title}" canvas is blank`).toBeGreaterThan(500);
  }
  for (const text of errorTexts) expect(await page.getByText(text).count(), `${where}: "${text}"`).toBe(0);
  return count;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  await mkdir(shots, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('product pages', () => {
  for (const [device, width, height] of [
    ['desktop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    it(`${device}: every product page and sub-page shows its facts, draws every chart, no error`, async () => {
      const resolved = await resolvePages();
      const contexts = new Map<string, { page: Page; close: () => Promise<void> }>();
      const pageOf = async (email: string) => {
        const open = contexts.get(email);
        if (open) return open.page;
        const { context, page } = await newPage(browser, server.origin, { width, height });
        await signIn(page, email);
        contexts.set(email, { page, close: () => context.close() });
        return page;
      };
      const summary: string[] = [];
      try {
        for (const { row, email, path } of resolved) {
          const page = await pageOf(email);
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).waitFor();
          await page.getByTestId('order-facts').waitFor();
          // A sub-page's charts come after its object has loaded (the order's facts come first).
          if (!row.noCharts) await page.getByRole('figure').first().waitFor();
          let charts = await expectChartsDrawn(page, `${row.name} (${path})`, row.emptyCharts);
          // Charts inside tabs draw when their tab is shown.
          const tabs = page.getByRole('tab');
          for (let i = 1; i < (await tabs.count()); i++) {
            await tabs.nth(i).click();
            charts += await expectChartsDrawn(page, `${row.name} tab ${i}`, row.emptyCharts);
          }
          if ((await tabs.count()) > 1) await tabs.first().click();
          if (!row.noCharts) expect(charts, `${row.name}: no chart on the page`).toBeGreaterThan(0);
          // Still the page (not the error boundary) once every chart has loaded.
          expect(await page.getByTestId('order-facts').isVisible(), `${row.name}: the order facts went`).toBe(true);
          const total = page.getByTestId('charges-total');
          if ((await total.count()) > 0)
            expect(await total.textContent(), `${row.name}: charges total`).toBe(
              await page.getByTestId('fact-mrc').textContent(),
            );
          if (device === 'phone')
            for (const figure of await page.getByRole('figure').all()) {
              const box = await figure.boundingBox();
              expect(box && box.x + box.width, `${row.name}: a chart is wider than the phone`).toBeLessThanOrEqual(
                width,
              );
            }
          await settled(page);
          for (const text of errorTexts) expect(await page.getByText(text).count(), `${row.name}: "${text}"`).toBe(0);
          await page.screenshot({ path: join(shots, `${row.name}-${device}.png`), fullPage: true });
          summary.push(`${row.name}: ${charts} charts`);
        }
      } finally {
        for (const { close } of contexts.values()) await close();
      }
      console.log(`${device}: ${summary.join(', ')}; screenshots in ${shots}`);
      expect(summary).toHaveLength(pages.length);
    });
  }

  it('a drag zooms a chart to the span dragged over; a double-click goes back', async () => {
    const [vm] = (await resolvePages()).filter((p) => p.row.name === 'vm-backup');
    if (!vm) throw new Error('no virtual machine backup page');
    const { context, page } = await newPage(browser, server.origin, { width: 1280, height: 800 });
    await signIn(page, vm.email);
    await page.goto(vm.path);
    const chart = page.getByRole('figure', { name: 'Storage used' });
    const canvas = chart.locator('[data-testid="chart-canvas"][data-points]');
    await canvas.waitFor();
    const range = async () => [
      Number(await canvas.getAttribute('data-x-min')),
      Number(await canvas.getAttribute('data-x-max')),
    ];
    const [min = 0, max = 0] = await range();
    expect(max - min).toBeGreaterThan(20 * DAY);
    const box = await chart.locator('.u-over').boundingBox();
    if (!box) throw new Error('chart has no plot area');
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await chart.getByRole('button', { name: 'Reset zoom' }).waitFor();
    await expect.poll(async () => (await range())[0]).not.toBe(min);
    const [zoomMin = 0, zoomMax = 0] = await range();
    expect(zoomMin).toBeGreaterThan(min);
    expect(zoomMax).toBeLessThan(max);
    // About 40% of the span, where the drag went.
    expect((zoomMax - zoomMin) / (max - min)).toBeGreaterThan(0.3);
    expect((zoomMax - zoomMin) / (max - min)).toBeLessThan(0.5);
    await page.screenshot({ path: join(shots, 'zoomed-desktop.png') });
    await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
    await expect
      .poll(async () => {
        const [from = 0, to = 0] = await range();
        return to - from;
      })
      .toBeGreaterThan(20 * DAY);
    await context.close();
  });

  it('virtual machine backup: Download clients lists the installers by platform', async () => {
    const [vm] = (await resolvePages()).filter((p) => p.row.name === 'vm-backup');
    if (!vm) throw new Error('no virtual machine backup page');
    const { context, page } = await newPage(browser, server.origin, { width: 1280, height: 800 });
    await signIn(page, vm.email);
    await page.goto(vm.path);
    await page.getByRole('button', { name: 'Download clients' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    for (const platform of ['Windows', 'Linux', 'VMware', 'Hyper-V'])
      await menu.getByRole('group', { name: platform }).waitFor();
    const links = menu.getByRole('menuitem');
    expect(await links.count()).toBe(5);
    for (const link of await links.all())
      expect(await link.getAttribute('href')).toMatch(/^https:\/\/.+\.(msi|deb|rpm|ova)$/);
    await page.screenshot({ path: join(shots, 'vm-backup-download-clients.png') });
    await context.close();
  });
});

describe('chart style demo page', () => {
  it('staff open it from the sidebar; every sample draws, each kind labelled; customers are sent home', async () => {
    const { context, page } = await newPage(browser, server.origin, { width: 1280, height: 800 });
    await signIn(page, demoEmails.staff1);
    await page.getByRole('link', { name: 'Chart Styles' }).click();
    await page.waitForURL('**/portal/admin/chart-styles');
    await page.getByRole('heading', { level: 1, name: 'Chart styles' }).waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    // The three state samples are the loading, empty and error states on purpose.
    const states = page.locator('[data-chart-kind="loading"], [data-chart-kind="empty"], [data-chart-kind="error"]');
    expect(await states.count()).toBe(3);
    await page.locator('[data-chart-kind="empty"]').getByText('No data available for this period.').waitFor();
    await page.locator('[data-chart-kind="error"]').getByText('An unknown error occurred.').waitFor();
    const samples = page.locator(
      '[data-chart-kind]:not([data-chart-kind="loading"]):not([data-chart-kind="empty"]):not([data-chart-kind="error"])',
    );
    const count = await samples.count();
    expect(count).toBeGreaterThanOrEqual(16);
    for (let i = 0; i < count; i++) {
      const sample = samples.nth(i);
      const kind = (await sample.getAttribute('data-chart-kind')) ?? '';
      // Each is labelled with its kind.
      expect(await sample.getByText(kind, { exact: true }).count(), kind).toBe(1);
      const canvas = sample.locator('[data-testid="chart-canvas"][data-points]');
      await canvas.waitFor();
      expect(await inkOf(canvas.locator('canvas').first()), `${kind} canvas is blank`).toBeGreaterThan(500);
    }
    for (const kind of ['bars-one', 'bars-grouped'])
      await page.locator(`[data-chart-kind="${kind}"]`).getByTestId('chart-bars-note').waitFor();
    await page
      .locator('[data-chart-kind="lines-percentile"]')
      .getByRole('button', { name: '95th percentile in' })
      .waitFor();
    await page.locator('[data-chart-kind="partial"]').getByTestId('chart-coverage').waitFor();
    await page.screenshot({ path: join(shots, 'style-demo-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(shots, 'style-demo-phone.png'), fullPage: true });
    await context.close();

    const customer = await newPage(browser, server.origin, { width: 1280, height: 800 });
    await signIn(customer.page, demoEmails.customer);
    expect(await customer.page.getByRole('link', { name: 'Chart Styles' }).count()).toBe(0);
    await customer.page.goto('/portal/admin/chart-styles');
    await customer.page.waitForURL('**/portal/home/index');
    await customer.context.close();
  });
});
