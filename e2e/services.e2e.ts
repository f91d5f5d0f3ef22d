import { readFileSync } from 'node:fs';

import { popups } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const serviceLinks = (page: Page) => page.locator('a[href^="/portal/service/"]').filter({ hasText: /^ORD-/ });
const heading = async (page: Page) => (await page.getByRole('heading', { level: 1 }).textContent())?.trim();
/** The Product column of the services table. */
const productCells = (page: Page) => page.locator('table tbody tr td:first-child').allTextContents();

/** Waits for a download started by `start`; returns its file name and text. */
async function downloaded(page: Page, start: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

describe('services list', () => {
  it('filters by product group and by product code, and downloads the CSV of the search', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);

    await page.getByRole('navigation').getByRole('link', { name: 'Backup & Recovery', exact: true }).click();
    await page.waitForURL('**/portal/services/backup-recovery');
    await serviceLinks(page).first().waitFor();
    expect(await heading(page)).toBe('Backup & Recovery Services');
    const backup = [
      'Backup as a Service',
      'Backup Platform (Cloud Connect)',
      'Virtual Machine Backup',
      'Disaster Recovery as a Service',
      'Endpoint Backup',
    ];
    const products = await productCells(page);
    expect(products.length).toBeGreaterThan(3);
    for (const product of products) expect(backup).toContain(product);

    const csv = await downloaded(page, () => page.getByTestId('download-orders').click());
    expect(csv.name).toBe('Services-1000101.csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Account Number,Account Name,Product,Order Number,Circuit ID,Customer Reference,Alias,Monthly Recurring Charges,Currency',
    );
    expect(lines).toHaveLength(products.length + 1);
    for (const line of lines.slice(1)) {
      expect(backup.some((p) => line.includes(p))).toBe(true);
      // The price is a plain number; its currency, the account's (the demo's are dollars), beside it.
      expect(line.endsWith(',USD')).toBe(true);
    }

    // Each row links to the product page of its order.
    const href = await serviceLinks(page).first().getAttribute('href');
    expect(href).toMatch(/^\/portal\/service\/(bs|ch|cv|ds|eb)\/\d+$/);

    await page.goto('/portal/services/di');
    await serviceLinks(page).first().waitFor();
    expect(await heading(page)).toBe('Dedicated Internet Access Services');
    for (const product of await productCells(page)) expect(product).toBe('Dedicated Internet Access');
    expect(await serviceLinks(page).first().getAttribute('href')).toMatch(/^\/portal\/service\/network\/\d+$/);

    await page.goto('/portal/services');
    await serviceLinks(page).first().waitFor();
    expect(await heading(page)).toBe('All Services');
    await context.close();
  });

  it('sorts and searches with the state in the query string, and shows the Download Error popup when nothing matches', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto('/portal/services');
    await serviceLinks(page).first().waitFor();

    const charges = async () =>
      (await page.locator('table tbody tr td:last-child').allTextContents()).map((t) => Number(t.replace(/[$,]/g, '')));
    const sorted = (values: number[], dir: 1 | -1) =>
      values.every((v, i) => i === 0 || (v - (values[i - 1] as number)) * dir >= 0);
    expect(sorted(await charges(), 1)).toBe(false);
    await page.getByRole('button', { name: /Monthly recurring charges/ }).click();
    await page.waitForURL(/sort=mrc_charges&order=asc/);
    await expect.poll(async () => sorted(await charges(), 1)).toBe(true);
    await page.getByRole('button', { name: /Monthly recurring charges/ }).click();
    await page.waitForURL(/sort=mrc_charges&order=desc/);
    await expect.poll(async () => sorted(await charges(), -1)).toBe(true);

    const circuit = (await page.locator('table tbody tr td:nth-child(3)').first().textContent()) ?? '';
    await page.getByRole('searchbox', { name: 'Search services' }).fill(circuit);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForFunction(() => document.querySelectorAll('table tbody tr').length === 1);
    expect(decodeURIComponent(page.url())).toContain(`search=${circuit}`);

    await page.getByRole('searchbox', { name: 'Search services' }).fill('nothing-matches-this');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No services match your search.').waitFor();
    await page.getByTestId('download-orders').click();
    const dialog = page.getByRole('dialog', { name: popups.ordersDownloadError.title });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(popups.ordersDownloadError.body);
    await context.close();
  });

  it('sends a bad service route to the dashboard', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto('/portal/service/bs');
    await page.waitForURL('**/portal/home/index');
    await page.goto('/portal/service/change-alias/1/2');
    await page.waitForURL('**/portal/home/index');
    await context.close();
  });
});

describe('service detail', () => {
  it('opens a service, shows its zero-charge components on request and changes its alias', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto('/portal/services/backup-recovery');
    await serviceLinks(page).first().click();
    await page.waitForURL(/\/portal\/service\/[a-z-]+\/\d+$/);
    // Backup products have their own usage page; its "Order details" opens the components.
    const url = page.url();
    await page.getByRole('link', { name: 'Order details' }).click();
    await page.waitForURL(/\/portal\/service\/order\/\d+$/);
    await page.getByTestId('total-mrc').waitFor();

    const rows = () => page.locator('table tbody tr').count();
    const toggle = page.getByRole('switch', { name: /Show components without a monthly charge/ });
    const before = await rows();
    const hidden = Number(
      /\((\d+)\)/.exec((await page.getByText(/Show components without a monthly charge/).textContent()) ?? '')?.[1],
    );
    expect(hidden).toBeGreaterThan(0);
    await toggle.check({ force: true });
    await page.waitForFunction((n) => document.querySelectorAll('table tbody tr').length > n, before);
    expect(await rows()).toBe(before + hidden);
    expect(await page.locator('table tbody tr td:last-child').allTextContents()).toContain('$0.00');

    await page.getByRole('link', { name: 'Change alias' }).click();
    await page.waitForURL(/\/portal\/service\/change-alias\/\d+$/);
    const alias = page.getByRole('textbox', { name: 'Alias' });
    await alias.fill('Head office backups');
    await page.getByRole('button', { name: 'Save alias' }).click();
    await page.getByText('is now "Head office backups"').waitFor();
    await page.getByText('Redirecting...').waitFor();
    await page.waitForURL(url, { timeout: 10_000 });
    await page.getByRole('heading', { level: 1, name: 'Head office backups' }).waitFor();

    // Clearing: the button empties it, and so does saving an empty field; the page is named by its product again.
    const product = ((await page.getByTestId('order-facts').getByTestId('fact-product').textContent()) ?? '').trim();
    await page.getByRole('link', { name: 'Change alias' }).click();
    await page.waitForURL(/\/portal\/service\/change-alias\/\d+$/);
    await page.getByRole('button', { name: 'Clear alias' }).click();
    await page.getByText('has been cleared').waitFor();
    await page.waitForURL(url, { timeout: 10_000 });
    await page.getByRole('heading', { level: 1, name: product, exact: true }).waitFor();
    await page.getByRole('link', { name: 'Change alias' }).click();
    await alias.fill('Again');
    await page.getByRole('button', { name: 'Save alias' }).click();
    await page.waitForURL(url, { timeout: 10_000 });
    await page.getByRole('link', { name: 'Change alias' }).click();
    await alias.fill('  ');
    await page.getByRole('button', { name: 'Save alias' }).click();
    await page.getByText('has been cleared').waitFor();
    await context.close();
  });

  it('says "No order found." for an order that is not the user\'s', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.admin);
    await page.goto('/portal/service/bs/1');
    await page.getByText('No order found.').waitFor();
    await context.close();
  });
});
