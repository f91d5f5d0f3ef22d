import { readFileSync } from 'node:fs';

import { tickets } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // The embedded database keeps attachments on disk under DATA_DIR (PostgreSQL keeps them in the
  // database): this file covers that path (decision 106).
  server = await startServer({}, { database: 'embedded' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const ticketRows = (page: Page) => page.locator('table tbody tr');
const highlighted = (page: Page) => page.locator('table tbody tr[data-highlight]');

describe('tickets', () => {
  it('opens the ticket that requests a response, replies with an attachment, and the highlight goes', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto('/portal/tickets/index');
    await ticketRows(page).first().waitFor();
    expect(await highlighted(page).count()).toBe(1);
    const row = highlighted(page).first();
    expect(await row.textContent()).toContain('Response Requested');
    // The status bullet follows the spec's colours: closed green, deferred to client red, others yellow.
    const colours = await page
      .locator('[data-status-color]')
      .evaluateAll((els) => els.map((el) => [el.textContent?.trim(), el.getAttribute('data-status-color')]));
    const specColour = (status?: string | null) =>
      status?.startsWith('Closed') ? 'green' : status?.startsWith('Deferred to Client') ? 'red' : 'yellow';
    expect(colours).toEqual(colours.map(([status]) => [status, specColour(status)]));
    const number = (await row.locator('a').first().textContent()) ?? '';
    await row.locator('a').first().click();
    await page.waitForURL(/\/portal\/r\/tickets\/ticket\/\d+$/);
    const ticketUrl = page.url();
    await page.getByTestId('response-requested').waitFor();
    const before = await page.locator('ol[aria-label="Conversation"] > li').count();

    // A refused file says why; an allowed one uploads.
    const chooser = page.locator('input[type="file"]');
    await chooser.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await page.getByText(tickets.attachmentMessages.type('setup.exe')).waitFor();
    const log = Buffer.from('2025-01-01T09:00:00Z edge01 restart approved\n');
    await chooser.setInputFiles({ name: 'approval.log', mimeType: 'text/plain', buffer: log });
    await page.getByTestId('attachments').getByText('approval.log').waitFor();
    await page.getByRole('button', { name: 'Remove approval.log' }).waitFor();

    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Approved: please restart the edge device after 6 pm today.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByText('Your reply was sent.').waitFor();
    await page.getByTestId('response-requested').waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('ol[aria-label="Conversation"] > li').count()).toBe(before + 1);
    const last = page.locator('ol[aria-label="Conversation"] > li').last();
    expect(await last.textContent()).toContain('Approved: please restart the edge device after 6 pm today.');

    // The attachment downloads with the user's token, under its own name.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      last.getByRole('button', { name: 'Download approval.log' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('approval.log');
    expect(readFileSync(await download.path()).equals(log)).toBe(true);

    await page.getByLabel('Breadcrumbs').getByRole('link', { name: 'Tickets' }).click();
    await page.waitForURL('**/portal/tickets/index');
    await ticketRows(page).first().waitFor();
    await expect.poll(() => highlighted(page).count()).toBe(0);
    const replied = ticketRows(page).filter({ hasText: number });
    expect(await replied.textContent()).toContain(tickets.ticketStatusAfterReply);
    expect(await replied.textContent()).not.toContain('Response Requested');

    // The segment of tickets/index/{id} is the search value.
    await page.goto(`/portal/tickets/index/${number.replace(/^TT-/, '')}`);
    await expect.poll(() => ticketRows(page).count()).toBe(1);
    expect(page.url()).not.toBe(ticketUrl);
    await context.close();
  });

  it('opens a new ticket from a service; it gets a number and is listed at once', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto('/portal/services/network');
    await page.locator('a[href^="/portal/service/"]').filter({ hasText: /^ORD-/ }).first().click();
    await page.waitForURL(/\/portal\/service\/network\/\d+$/);
    await page.getByRole('link', { name: 'Open a ticket' }).click();
    await page.waitForURL(/\/portal\/r\/tickets\/new-ticket\/\d+$/);

    // Contact details come prefilled from the user.
    await expect.poll(() => page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe('customer@demo.test');
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('Casey Morgan');

    await page.getByRole('button', { name: 'Open ticket' }).click();
    await page.getByText('This value is required.').first().waitFor();

    await page.getByRole('textbox', { name: 'Subject' }).fill('Packet loss towards the data center');
    await page.getByRole('combobox', { name: 'Impact' }).selectOption('High');
    await page.getByRole('textbox', { name: 'Description' }).fill('Since 9 am we see 5% packet loss on this circuit.');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'mtr.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('HOST: edge01 Loss% 5.0\n'),
    });
    await page.getByRole('button', { name: 'Remove mtr.txt' }).waitFor();
    await page.getByRole('button', { name: 'Open ticket' }).click();

    await page.waitForURL(/\/portal\/r\/tickets\/ticket\/\d+$/);
    const notice = page.getByText(/^Ticket TT-\d+ is open$/);
    await notice.waitFor();
    const number = /TT-\d+/.exec((await notice.textContent()) ?? '')?.[0] ?? '';
    await page.getByRole('heading', { level: 1, name: 'Packet loss towards the data center' }).waitFor();
    await page.getByRole('button', { name: 'Download mtr.txt' }).waitFor();

    await page.goto('/portal/tickets/index');
    const first = ticketRows(page).first();
    await first.waitFor();
    expect(await first.textContent()).toContain(number);
    expect(await first.textContent()).toContain('Packet loss towards the data center');
    await context.close();
  });

  it('chooses a service for a new ticket from a 10-row table', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto('/portal/tickets/index');
    await page.getByRole('link', { name: 'Open a ticket' }).click();
    await page.waitForURL('**/portal/tickets/choose-service');
    const links = page.locator('a[href^="/portal/r/tickets/new-ticket/"]');
    await links.first().waitFor();
    expect(await links.count()).toBe(10);
    await links.first().click();
    await page.waitForURL(/\/portal\/r\/tickets\/new-ticket\/\d+$/);
    await page.getByRole('textbox', { name: 'Subject' }).waitFor();
    await context.close();
  });
});
