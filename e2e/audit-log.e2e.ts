import { readFile } from 'node:fs/promises';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PASSWORD } from '../apps/api/src/seed/demo.ts';
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

const open = () => newPage(browser, server.origin);

/** Chooses an option of one of the page's dropdowns. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
const mainCampus = 'Globex Health – Main Campus (1000201)';

describe('audit log', () => {
  it('an administrator changes their profile, sees it in the log, filters it and downloads the CSV', async () => {
    const { context, page } = await open();
    try {
      await signIn(page, demoEmails.admin);
      await page.goto('/portal/users/update-profile');
      await page.locator('input[name="last_nm"]').fill('Brookes');
      await page.locator('input[name="passwd"]').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.getByTestId('profile-saved').waitFor();

      await page.goto('/portal/users/audit-log');
      await choose(page, 'Account', mainCampus);
      const table = page.getByRole('table', { name: 'Audit log' });
      const first = table.locator('tbody tr').first();
      await first.filter({ hasText: 'Profile changed' }).waitFor();
      expect(await first.textContent()).toContain('Changed name from Avery Brooks to Avery Brookes');

      await choose(page, 'Kind', 'Signed in');
      await page.waitForURL(/kind=sign_in/);
      await table.locator('tbody tr').first().filter({ hasText: 'Signed in' }).waitFor();
      await table.locator('tbody tr', { hasText: 'Profile changed' }).waitFor({ state: 'detached' });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('audit-log-1000201.csv');
      const csv = await readFile((await download.path())!, 'utf8');
      const lines = csv.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'When (UTC),Kind,User,User email,Staff member,Reason,API token,Call,Address,Subject,Detail',
      );
      expect(lines.length).toBeGreaterThan(1);
      expect(lines.slice(1).every((line) => line.includes(',Signed in,'))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("staff sign in as a user with a reason; the customer's administrator sees who and why", async () => {
    const staff = await open();
    try {
      await signIn(staff.page, demoEmails.staff3);
      await staff.page.goto('/portal/admin/login-as-user');
      await staff.page.locator('input[name="email"]').fill('dana.whitaker@globex-health.example');
      await staff.page.getByRole('button', { name: 'Login as user' }).click();
      await staff.page.getByText('This value is required.').waitFor();
      await staff.page.locator('textarea[name="reason"]').fill('Ticket 4711: cannot open invoices');
      await staff.page.getByRole('button', { name: 'Login as user' }).click();
      await staff.page.waitForURL('**/portal/home/index');
      await staff.page.getByTestId('acting-as-banner').waitFor();
    } finally {
      await staff.context.close();
    }

    const { context, page } = await open();
    try {
      await signIn(page, demoEmails.admin);
      await page.goto('/portal/users/audit-log?kind=staff.signed_in_as');
      await choose(page, 'Account', mainCampus);
      const row = page.getByRole('table', { name: 'Audit log' }).locator('tbody tr').first();
      await row.filter({ hasText: 'Staff signed in as user' }).waitFor();
      const text = await row.textContent();
      expect(text).toContain('Taylor Quinn (staff)');
      expect(text).toContain('As Dana Whitaker (dana.whitaker@globex-health.example)');
      expect(text).toContain('Reason: Ticket 4711: cannot open invoices');
    } finally {
      await context.close();
    }
  });
});
