import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiToken, callApi } from './helpers/api.ts';
import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The invitations go out from the worker, in the server's process as with `npm start` (decision 131).
  server = await startServer({ WORKERS: 'in-process' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const loaded = ['ada.loaded@vandelay.example', 'bo.loaded@vandelay.example'];

async function batch(token: string, collection: string, items: unknown[]): Promise<string[]> {
  const response = await fetch(`${server.origin}/api/integration/v1/${collection}/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ items }),
  });
  const { data } = (await response.json()) as { data: { results: { status: string }[] } };
  return data.results.map((r) => r.status);
}

describe('loaded users, invited later by staff (decisions 124, 131)', () => {
  it('the feed loads users without mail; Invite loaded users queues them, the page follows the worker mailing each once', async () => {
    const staffToken = await apiToken(server.origin, demoEmails.staff3);
    const created = await callApi<{ token: string }>(
      server.origin,
      'POST',
      'integration/tokens',
      { name: 'crm', scopes: ['all'] },
      staffToken,
    );
    const token = created.data.token;
    expect(await batch(token, 'accounts', [{ account_number: '9800201', name: 'Loaded', company: 'Loaded' }])).toEqual([
      'created',
    ]);
    const users = loaded.map((email) => ({
      email_nm: email,
      first_nm: 'Lo',
      last_nm: 'Aded',
      accounts: [{ account_number: '9800201' }],
    }));
    expect(await batch(token, 'users', users)).toEqual(['created', 'created']);

    const { context, page } = await newPage(browser, server.origin);
    const outboxOf = async (email: string) => {
      await page.goto(`/portal/dev/outbox?search=${encodeURIComponent(email)}`);
      await page
        .getByRole('heading', { name: /outbox/i })
        .first()
        .waitFor();
      return page.locator(`[data-testid="outbox-message"][data-kind="set-password"][data-to="${email}"]`);
    };
    // Loaded only: no invitation yet.
    expect(await (await outboxOf(loaded[0]!)).count()).toBe(0);

    await signIn(page, demoEmails.staff3);
    await page.getByRole('link', { name: 'Provider Integration' }).click();
    await page.waitForURL('**/portal/admin/integration');
    await page.getByRole('button', { name: 'Invite loaded users' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Send invitations' }).click();
    // The call answers at once; the page shows the run until the worker has mailed every user.
    await expect
      .poll(() => page.getByTestId('users-invited').textContent(), { timeout: 20_000 })
      .toMatch(/^\d+ users? invited\.$/);
    expect(await page.getByTestId('users-invited').getAttribute('data-pending')).toBe('0');
    // Pressed again, no one is mailed twice: every invitation sent still works.
    await page.getByRole('button', { name: 'Invite loaded users' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Send invitations' }).click();
    await expect
      .poll(() => page.getByTestId('users-invited').textContent())
      .toBe('No one to invite: every loaded user has signed in or holds an invitation that still works.');
    // The run's result stays on the page.
    await page.reload();
    await expect.poll(() => page.getByTestId('users-invited').textContent()).toMatch(/^\d+ users? invited\.$/);

    // A batch refused as a whole is listed with the others, saying why.
    const refused = await fetch(`${server.origin}/api/integration/v1/users/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ item: [] }),
    });
    expect(refused.status).toBe(422);
    await page.reload();
    await page.getByRole('cell', { name: 'VALIDATION_ERROR: items: This value is required.' }).waitFor();

    for (const email of loaded) {
      const messages = await outboxOf(email);
      await messages.first().waitFor();
      expect(await messages.count()).toBe(1);
    }
    await context.close();
  });
});
