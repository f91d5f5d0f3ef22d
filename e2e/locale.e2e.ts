import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/** Issue 15 (decision 087): dates and money in the viewer's locale and time zone; long addresses wrap. */

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

describe("the viewer's locale and time zone", () => {
  it('billing dates are the same calendar dates everywhere; money follows the locale', async () => {
    const us = await signedIn(losAngeles);
    const de = await signedIn(berlin);
    const inUs = await firstInvoice(us.page);
    const inDe = await firstInvoice(de.page);
    expect(inDe.number).toBe(inUs.number);
    expect(inUs.billDate).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(inDe.billDate).toBe(inUs.billDate);
    expect(inDe.dueDate).toBe(inUs.dueDate);
    expect(inUs.amount).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(inDe.amount).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\u00a0\$$/);
    const value = (text: string, group: string, decimal: string) =>
      Number(
        text
          .replace(/[^\d.,-]/g, '')
          .replaceAll(group, '')
          .replace(decimal, '.'),
      );
    expect(value(inDe.amount!, '.', ',')).toBe(value(inUs.amount!, ',', '.'));
    await us.context.close();
    await de.context.close();
  });

  it("times are the viewer's: 12-hour in en-US, 24-hour in de-DE", async () => {
    const us = await signedIn(losAngeles);
    const de = await signedIn(berlin);
    const usTimes = await notificationTimes(us.page, /^\d{2}\.\d{2}\.\d{4} \d{1,2}:\d{2} [AP]M$/);
    const deTimes = await notificationTimes(de.page, /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(usTimes.length).toBeGreaterThan(0);
    expect(deTimes.length).toBe(usTimes.length);
    // Berlin is 9 hours ahead of Los Angeles (8 in the weeks the two change clocks on different days).
    const minutes = (text: string) => {
      const [date, time, half] = text.split(' ');
      const [month, day, year] = date!.split('.').map(Number);
      const [hour, minute] = time!.split(':').map(Number);
      const hour24 = half ? (hour! % 12) + (half === 'PM' ? 12 : 0) : hour!;
      return Date.UTC(year!, month! - 1, day!, hour24, minute) / 60_000;
    };
    const differences = usTimes.map((t, i) => minutes(deTimes[i]!) - minutes(t));
    for (const difference of differences) expect([8 * 60, 9 * 60]).toContain(difference);
    await us.context.close();
    await de.context.close();
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
