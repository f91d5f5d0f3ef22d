import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiToken, callApi } from './helpers/api.ts';
import { launchBrowser, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/**
 * Issue 15 (decision 087): moments in the viewer's time zone; long addresses wrap. Issue 34 (decision 120):
 * dates and numbers in the portal's one locale (PORTAL_LOCALE), whatever the browser's language.
 */

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

const losAngeles = { locale: 'en-US', timezoneId: 'America/Los_Angeles' };
const berlin = { locale: 'de-DE', timezoneId: 'Europe/Berlin' };

async function signedIn(viewer: { locale: string; timezoneId: string }, width = 1280, height = 900) {
  const context = await browser.newContext({ baseURL: server.origin, viewport: { width, height }, ...viewer });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await signIn(page, demoEmails.customer);
  return { context, page };
}

/** The first invoice row's cells: number, bill date, due date, amount. */
async function firstInvoice(page: Page) {
  await page.goto('/portal/invoices');
  const row = page.locator('table tbody tr').first();
  await row.waitFor();
  const cells = (await row.locator('td').allTextContents()).map((t) => t.trim());
  return { number: cells[0], billDate: cells[1], dueDate: cells[2], amount: cells[3] };
}

/** The texts of every notification cell that holds a date and a time. */
async function notificationTimes(page: Page, pattern: RegExp) {
  await page.goto('/portal/notifications');
  await page.locator('table tbody tr').first().waitFor();
  return (await page.locator('table tbody td').allTextContents()).map((t) => t.trim()).filter((t) => pattern.test(t));
}

describe("the portal's locale (decision 120) and the viewer's time zone", () => {
  it("a German browser sees the portal's locale, en-US by default: dates and money alike", async () => {
    const us = await signedIn(losAngeles);
    const de = await signedIn(berlin);
    const inUs = await firstInvoice(us.page);
    const inDe = await firstInvoice(de.page);
    expect(inDe.number).toBe(inUs.number);
    expect(inUs.billDate).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(inDe.billDate).toBe(inUs.billDate);
    expect(inDe.dueDate).toBe(inUs.dueDate);
    expect(inUs.amount).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(inDe.amount).toBe(inUs.amount);
    await us.context.close();
    await de.context.close();
  });

  it("times are in the viewer's zone and the portal's locale (12-hour in en-US)", async () => {
    const us = await signedIn(losAngeles);
    const de = await signedIn(berlin);
    const pattern = /^\d{2}\.\d{2}\.\d{4} \d{1,2}:\d{2} [AP]M$/;
    const usTimes = await notificationTimes(us.page, pattern);
    const deTimes = await notificationTimes(de.page, pattern);
    expect(usTimes.length).toBeGreaterThan(0);
    expect(deTimes.length).toBe(usTimes.length);
    // Berlin is 9 hours ahead of Los Angeles (8 in the weeks the two change clocks on different days).
    const minutes = (text: string) => {
      const [date, time, half] = text.split(' ');
      const [month, day, year] = date!.split('.').map(Number);
      const [hour, minute] = time!.split(':').map(Number);
      const hour24 = (hour! % 12) + (half === 'PM' ? 12 : 0);
      return Date.UTC(year!, month! - 1, day!, hour24, minute) / 60_000;
    };
    const differences = usTimes.map((t, i) => minutes(deTimes[i]!) - minutes(t));
    for (const difference of differences) expect([8 * 60, 9 * 60]).toContain(difference);
    await us.context.close();
    await de.context.close();
  });

  it('with PORTAL_LOCALE=de-DE every browser reads dates and numbers in German, rendered so by the server too', async () => {
    const german = await startServer({ PORTAL_LOCALE: 'de-DE' });
    try {
      const context = await browser.newContext({
        baseURL: german.origin,
        viewport: { width: 1280, height: 900 },
        ...losAngeles,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const errors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      page.on('pageerror', (error) => errors.push(error.message));
      await signIn(page, demoEmails.customer);
      // The invoices list is rendered on the server (decision 109): its HTML already reads in German.
      const response = await page.goto('/portal/invoices');
      const html = (await response?.text()) ?? '';
      const row = page.locator('table tbody tr').first();
      await row.waitFor();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      const [, billDate, dueDate, amount] = (await row.locator('td').allTextContents()).map((t) => t.trim());
      // 1 December is 01.12.2026 beside 2.149,63 $: the day first, as the numbers' decimal comma.
      expect(billDate).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
      expect(amount).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\u00a0\$$/);
      const invoices = (
        await callApi<{ data: { bill_date: string; due_date: string; total_amt_due: number }[] }>(
          german.origin,
          'POST',
          'invoices/get-invoices',
          {},
          await apiToken(german.origin, demoEmails.customer),
        )
      ).data.data;
      const [y, m, d] = invoices[0]!.bill_date.split('-');
      expect(billDate).toBe(`${d}.${m}.${y}`);
      const [dy, dm, dd] = invoices[0]!.due_date.split('-');
      expect(dueDate).toBe(`${dd}.${dm}.${dy}`);
      expect(html).toContain(`>${billDate}<`);
      expect(html).toContain(`>${amount}<`);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await german.stop();
    }
  });
});

describe('long e-mail addresses', () => {
  const address = 'alexandra.konstantinopoulou-whitfield@enterprise-example.com';

  for (const [label, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1280, 900],
  ] as const) {
    it(`a 60-character address in the team box wraps inside its column (${label})`, async () => {
      expect(address).toHaveLength(60);
      const { context, page } = await signedIn(losAngeles, width, height);
      const link = page.getByTestId('team-box').locator('a[href^="mailto:"]').first();
      await link.waitFor();
      // The seeded addresses are short; the team box's own link gets the long one.
      const measured = await link.evaluate((a, text) => {
        a.textContent = text;
        const card = a.closest('[data-testid="team-box"]')!.getBoundingClientRect();
        const box = a.getBoundingClientRect();
        const style = getComputedStyle(a);
        return {
          text: (a as HTMLElement).innerText,
          overflow: a.scrollWidth - a.clientWidth,
          lines: Math.round(box.height / parseFloat(style.lineHeight)),
          inside: box.left >= card.left && box.right <= card.right,
          textOverflow: style.textOverflow,
        };
      }, address);
      expect(measured.text).toBe(address);
      expect(measured.overflow).toBe(0);
      expect(measured.inside).toBe(true);
      expect(measured.lines).toBeGreaterThan(1);
      expect(measured.textOverflow).not.toBe('ellipsis');
      await context.close();
    });
  }
});
