import { messages } from '@portal/contract';
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

const box = (page: Page, id: string) => page.getByTestId(id);

describe('dashboard', () => {
  it('shows every box with seeded data', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);

    await box(page, 'outages').getByRole('alert').first().waitFor();

    const maintenance = box(page, 'maintenance-box');
    // The box shows placeholders until its counts arrive (its header link is there from the start).
    await page.locator('[data-testid="maintenance-box"][aria-busy="false"]').waitFor();
    // Each count links to the list it counts (notifications/?accounts=all&window=...).
    expect(await maintenance.locator('a[href^="/portal/notifications?"]').allTextContents()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\d+Upcoming maintenance$/),
        expect.stringMatching(/^\d+Recent maintenance$/),
      ]),
    );

    const tickets = box(page, 'tickets-box');
    await tickets.locator('[data-status-color]').first().waitFor();
    expect(await tickets.locator('[data-status-color]').count()).toBe(4);

    const invoice = box(page, 'invoice-box');
    expect(await invoice.getByTestId('amount-due').textContent()).toMatch(/^-?\$[\d,]+\.\d{2,6}$/);
    await invoice.locator('a[href^="/portal/invoices/view/"]').waitFor();
    await invoice.getByRole('img', { name: 'Spend by service' }).waitFor();

    const team = box(page, 'team-box');
    await team.locator('a[href^="mailto:"]').first().waitFor();
    expect(await team.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);

    const orders = box(page, 'pending-orders-box');
    await orders.locator('tbody tr').first().waitFor();
    expect(await orders.locator('tbody tr').count()).toBe(5);
    const inquiry = await orders.locator('tbody a').first().getAttribute('href');
    expect(inquiry).toMatch(/^\/portal\/inquire\/pending\/[^/]+\/\d+$/);

    const awaiting = page.getByTestId('awaiting-response');
    await awaiting.waitFor();
    expect(await awaiting.locator('a[href^="/portal/r/tickets/ticket/"]').count()).toBeGreaterThan(0);

    await context.close();
  });

  it('switches the invoice and team accounts independently', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    const invoice = box(page, 'invoice-box');
    await invoice.getByTestId('amount-due').waitFor();
    const firstLink = await invoice.locator('a[href^="/portal/invoices/view/"]').getAttribute('href');

    await page.getByRole('combobox', { name: 'Invoice account' }).click();
    await page.getByRole('option', { name: /Distribution Centers/ }).click();
    await page.waitForFunction(
      (before) =>
        document
          .querySelector('[data-testid="invoice-box"] a[href^="/portal/invoices/view/"]')
          ?.getAttribute('href') !== before,
      firstLink,
    );
    // The team box keeps its own account.
    expect(await page.getByRole('combobox', { name: 'Team account' }).inputValue()).toMatch(/Corporate/);
    await context.close();
  });

  it('shows the no-accounts warning instead of the page to a user without accounts', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await page.goto('/portal/login');
    await page.locator('input[name="email"]').fill(demoEmails.noAccounts);
    await page.locator('input[name="password"]').fill('Portal-Demo-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/portal/home/index');
    expect(await page.getByTestId('no-accounts').textContent()).toContain(messages.noAccounts);
    expect(await page.getByTestId('greeting').count()).toBe(0);
    await context.close();
  });

  it('toggles the sidebar at 390 px and closes it at 1024 px or more', async () => {
    const { context, page } = await newPage(browser, server.origin, { width: 390, height: 844 });
    await signIn(page, demoEmails.customer);
    const toggle = page.getByTestId('nav-toggle');
    const sidebar = page.getByTestId('sidebar');

    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await sidebarLinkShown(page, false);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await sidebarLinkShown(page, true);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await sidebarLinkShown(page, false);

    // Open on a phone, then widen: the menu closes itself and the sidebar is the fixed column.
    await toggle.click();
    await sidebarLinkShown(page, true);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')?.getAttribute('data-opened') === 'false',
    );
    expect(await toggle.isVisible()).toBe(false);
    await sidebarLinkShown(page, true);
    expect(await sidebar.getByRole('link', { name: 'All Services' }).isVisible()).toBe(true);
    await context.close();
  });
});

/** Waits until the sidebar's All Services link is (or is not) inside the window; a closed sidebar slides off-screen. */
async function sidebarLinkShown(page: Page, shown: boolean): Promise<void> {
  await page.waitForFunction((expected) => {
    const link = [...document.querySelectorAll('[data-testid="sidebar"] a')].find(
      (a) => a.textContent === 'All Services',
    );
    const rect = link?.getBoundingClientRect();
    const visible = !!rect && rect.width > 0 && rect.right > 0 && rect.left < window.innerWidth;
    return visible === expected;
  }, shown);
}
