import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { DEMO_PASSWORD, demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/** Issue 15, "Rough edges": the flows a customer meets, at desktop and phone sizes. */

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

export const phone = { width: 390, height: 844 };

async function signedIn(email: string = demoEmails.customer, size: { width?: number; height?: number } = {}) {
  const opened = await newPage(browser, server.origin, size);
  await signIn(opened.page, email);
  return opened;
}

/** The sign-in form on whatever login page the browser is on now. */
async function fillSignIn(p: Page, email: string) {
  await p.locator('input[name="email"]').fill(email);
  await p.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await p.getByRole('button', { name: 'Sign in' }).click();
}

describe('paging past the end', () => {
  it('a page number past the end shows the last page, with a way back', async () => {
    const { context, page: p } = await signedIn();
    await p.goto('/portal/invoices?page=999');
    const pager = p.getByRole('navigation', { name: 'Invoice pages' });
    await pager.waitFor();
    await p.waitForURL(/page=\d+$/);
    const lastPage = Number(new URL(p.url()).searchParams.get('page'));
    expect(lastPage).toBeGreaterThanOrEqual(1);
    expect(lastPage).toBeLessThan(999);
    await expect(pager.getByText(`Page ${lastPage} of ${lastPage}`).count()).resolves.toBe(1);
    expect(await p.locator('table tbody tr').count()).toBeGreaterThan(0);
    if (lastPage > 1) await expect(pager.getByRole('button', { name: 'Previous page' }).count()).resolves.toBe(1);
    await context.close();
  });
});

describe('sign-in lands on the page asked for', () => {
  it('a deep link opened signed out comes back after sign-in', async () => {
    const { context, page: p } = await newPage(browser, server.origin);
    await p.goto('/portal/notifications?page=2');
    await p.waitForURL(/\/portal\/login\?next=/);
    await fillSignIn(p, demoEmails.customer);
    await p.waitForURL('**/portal/notifications?page=2');
    await context.close();
  });

  it('another site in next is ignored: the dashboard', async () => {
    const { context, page: p } = await newPage(browser, server.origin);
    await p.goto('/portal/login?next=' + encodeURIComponent('//evil.example/steal'));
    await fillSignIn(p, demoEmails.customer);
    await p.waitForURL('**/portal/home/index');
    expect(new URL(p.url()).origin).toBe(server.origin);
    await context.close();
  });
});

describe('users area and profile', () => {
  it('reset password asks first; an administrator has no delete on their own row', async () => {
    const { context, page: p } = await signedIn(demoEmails.admin);
    await p.goto('/portal/users');
    const resetButtons = p.getByRole('button', { name: /^Reset password of / });
    await resetButtons.first().waitFor();
    await resetButtons.first().click();
    const dialog = p.getByRole('dialog', { name: 'Reset password?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(p.getByText(/A password reset message was sent/).count()).resolves.toBe(0);

    await expect(p.getByRole('link', { name: `Delete ${demoEmails.admin}` }).count()).resolves.toBe(0);
    await expect(p.getByRole('link', { name: /^Delete / }).count()).resolves.toBeGreaterThan(0);
    await context.close();
  });

  it('the header shows the new name right after a profile save', async () => {
    const { context, page: p } = await signedIn(demoEmails.staff2);
    await p.goto('/portal/users/update-profile');
    const first = p.getByLabel('First name');
    await first.waitFor();
    await first.fill('Renamed');
    await p.getByLabel('Current password').fill(DEMO_PASSWORD);
    await p.getByRole('button', { name: 'Save profile' }).click();
    await p.getByTestId('profile-saved').waitFor();
    await p
      .getByTestId('user-menu')
      .getByText(/^Renamed /)
      .waitFor();
    await context.close();
  });
});
