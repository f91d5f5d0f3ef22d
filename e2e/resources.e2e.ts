import type { Browser } from 'playwright-core';
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

describe('resources', () => {
  it('finds an article by search and reads it', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.getByRole('navigation').getByRole('link', { name: 'Security Advisories' }).click();
    await page.waitForURL(/\/portal\/resources\/\d+$/);
    const cards = page.getByTestId('resource-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(8);

    await page.getByRole('searchbox', { name: 'Search resources' }).fill('ransomware');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(page.url()).toContain('search=ransomware');
    // The thumbnail is served by our content service and loads.
    const thumb = cards.first().locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    await cards.first().getByRole('link', { name: 'Ransomware readiness checklist' }).click();
    await page.waitForURL(/\/portal\/resources\/view\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Ransomware readiness checklist' }).waitFor();
    const body = page.getByTestId('resource-body');
    expect(await body.textContent()).toContain('Keep at least one immutable backup copy.');
    expect(await page.getByText(/^Posted \d{2}\.\d{2}\.\d{4}$/).count()).toBe(1);
    await context.close();
  });

  it('shows article HTML without running its scripts, and the alternative link', async () => {
    const { context, page } = await newPage(browser, server.origin);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, demoEmails.customer);
    await page.getByRole('navigation').getByRole('link', { name: 'Product Updates' }).click();
    await page.getByRole('searchbox', { name: 'Search resources' }).fill('widget');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Embedding the status widget' }).click();
    const body = page.getByTestId('resource-body');
    await body.waitFor();
    expect(await body.innerHTML()).not.toContain('<script');
    expect(await body.textContent()).not.toContain('status widget\n');
    expect(await body.textContent()).toContain('<div id="nw-status"></div>');
    expect(errors).toEqual([]);

    await page.goBack();
    await page.getByRole('navigation').getByRole('link', { name: 'Vulnerability Notices' }).click();
    const link = page.getByRole('link', { name: 'Read the NVD entry' });
    await link.first().waitFor();
    expect(await link.first().getAttribute('target')).toBe('_blank');
    expect(await link.first().getAttribute('rel')).toBe('noopener noreferrer');
    await context.close();
  });
});
