import { messages, pins } from '@portal/contract';
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

/** The newest PIN reset link in the local outbox (the embedded default keeps every message there). */
async function pinLinkFromOutbox(): Promise<string> {
  const res = await fetch(`${server.origin}/api/dev/outbox?search=${encodeURIComponent('compliance PIN')}`);
  const body = (await res.json()) as { data: { data: { to_address: string; links: string[] }[] } };
  const mail = body.data.data[0];
  expect(mail?.to_address).toBe(demoEmails.customer);
  const link = mail?.links[0] ?? '';
  expect(link).toMatch(/\/portal\/pins\/reset\/[\w-]+\/\d+$/);
  return new URL(link).pathname;
}

describe('compliance PINs', () => {
  it('resets a PIN through the link in the outbox; the link works once', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.getByRole('navigation').getByRole('link', { name: 'Compliance PINs' }).click();
    await page.waitForURL('**/portal/pins');
    await page.getByRole('heading', { level: 1, name: 'Compliance PINs' }).waitFor();
    const row = page.locator('table tbody tr');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.first().textContent()).toContain('1000102');

    await page.getByRole('button', { name: 'Reset PIN of account 1000102' }).click();
    const sent = page.getByRole('button', { name: 'Email sent for account 1000102' });
    await sent.waitFor();
    expect(await sent.textContent()).toBe('Email Sent');
    expect(await sent.isDisabled()).toBe(true);

    const link = await pinLinkFromOutbox();
    await page.goto(link);
    const pin = page.getByTestId('new-pin');
    await pin.waitFor();
    expect((await pin.textContent())?.trim()).toMatch(new RegExp(`^\\d{${pins.pinRules.digits}}$`));
    const text = (await page.locator('main').textContent()) ?? (await page.textContent('body')) ?? '';
    expect(text).toContain('1000102');
    expect(text).toContain('Acme Logistics – Distribution Centers');

    // The same link again: the spec's box, with a way back to reset the PIN.
    await page.reload();
    const box = page.getByTestId('pin-link-invalid');
    await box.waitFor();
    expect(await box.textContent()).toContain(messages.pinLinkInvalid);
    await box.getByRole('link').click();
    await page.waitForURL('**/portal/pins');
    await context.close();
  });

  it('sends a reset link with the wrong number of segments to the dashboard', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto('/portal/pins/reset/only-one-segment');
    await page.waitForURL('**/portal/home/index');
    await context.close();
  });
});
