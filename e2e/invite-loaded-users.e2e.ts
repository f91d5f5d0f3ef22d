import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiToken, callApi } from './helpers/api.ts';
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

describe('loaded users, invited later by staff (decision 124)', () => {
  it('the feed loads users without mail; Invite loaded users on the Provider Integration page mails each once', async () => {
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
    await expect.poll(() => page.getByTestId('users-invited').textContent()).toMatch(/^\d+ users? invited\.$/);
    // Pressed again, no one is mailed twice: every invitation sent still works.
    await page.getByRole('button', { name: 'Invite loaded users' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Send invitations' }).click();
    await expect.poll(() => page.getByTestId('users-invited').textContent()).toBe('0 users invited.');

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
