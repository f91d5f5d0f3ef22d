import { mkdir } from 'node:fs/promises';

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

/** Issue 33: an account administrator creates an API token, a script uses it, the administrator revokes it. */
describe('customer API tokens', () => {
  it('a token created on the page calls the API with fetch until it is revoked', async () => {
    const { page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.admin);
    await page.goto('/portal/users/api-tokens');
    await page.getByRole('heading', { name: 'API tokens', level: 1 }).waitFor();
    await page.getByLabel('Name').fill('Accounting export');
    await page.getByRole('checkbox', { name: /Main Campus/ }).check();
    await page.getByRole('checkbox', { name: /^invoices:read/ }).check();
    await page.getByRole('button', { name: 'Create token' }).click();
    const secret = (await page.getByTestId('new-api-token').textContent()) ?? '';
    expect(secret).toMatch(/^pct_[A-Za-z0-9_-]{43}$/);
    const row = page.getByRole('row', { name: /Accounting export/ });
    await expect.poll(() => row.getByRole('cell').nth(1).textContent()).toBe(`${secret.slice(0, 8)}…`);

    // A script calls the API with the token (no session): invoices yes, tickets no (scope missing).
    const call = (path: string) =>
      page.evaluate(
        async ([url, token]) => {
          const response = await fetch(url!, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: '{}',
          });
          const body = (await response.json()) as { code: string; message: string };
          return {
            status: response.status,
            code: body.code,
            message: body.message,
            limit: response.headers.get('ratelimit-limit'),
          };
        },
        [path, secret] as const,
      );
    expect(await call('/api/invoices/get-invoices')).toEqual({
      status: 200,
      code: 'SUCCESS',
      message: '',
      limit: '120',
    });
    expect(await call('/api/tickets/get-tickets')).toMatchObject({
      status: 403,
      message: 'This API token does not have the tickets:read scope.',
    });

    await page.reload();
    await expect.poll(async () => (await row.getByRole('cell').nth(6).textContent()) !== 'never').toBe(true);
    await mkdir('/work/wt/custapi-shots', { recursive: true });
    await page.waitForTimeout(300);
    await page.screenshot({ path: '/work/wt/custapi-shots/api-tokens.png', fullPage: true });

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke Accounting export' }).click();
    await row.waitFor({ state: 'detached' });
    expect(await call('/api/invoices/get-invoices')).toMatchObject({ status: 401, code: 'INVALID_TOKEN' });
  });
});
