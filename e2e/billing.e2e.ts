import { contact, messages, pageSizes, popups } from '@portal/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn, trackApiCalls } from './helpers/browser.ts';
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

const invoiceLinks = (page: Page) => page.locator('a[href^="/portal/invoices/view/"]');

/** Picks an account in a page's account selector. */
async function chooseAccount(page: Page, name: RegExp) {
  await page.getByRole('combobox', { name: 'Account' }).click();
  await page.getByRole('option', { name }).click();
}

/** Waits for a download started by `start` and returns its suggested file name and size. */
async function downloaded(page: Page, start: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), start()]);
  const path = await download.path();
  const { statSync } = await import('node:fs');
  return { name: download.suggestedFilename(), size: statSync(path).size };
}

describe('invoices', () => {
  it('browses the invoices of two accounts, opens one and downloads its PDF and services CSV', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto('/portal/invoices');
    await invoiceLinks(page).first().waitFor();
    // The main account has five years of monthly invoices (61): a full first page of four.
    expect(await invoiceLinks(page).count()).toBe(pageSizes.invoices);
    const pager = page.getByRole('navigation', { name: 'Invoice pages' });
    expect(await pager.getByText('Page 1 of 4').count()).toBe(1);
    const corporate = await invoiceLinks(page).first().getAttribute('href');

    await chooseAccount(page, /Distribution Centers/);
    await page.waitForFunction(
      (before) => document.querySelector('a[href^="/portal/invoices/view/"]')?.getAttribute('href') !== before,
      corporate,
    );
    // Distribution Centers: a year of them (13), on one page.
    expect(await invoiceLinks(page).count()).toBe(13);

    // Search narrows the list to one invoice.
    const number = (await invoiceLinks(page).nth(2).textContent()) ?? '';
    await page.getByRole('searchbox', { name: 'Search invoices' }).fill(number);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForFunction(() => document.querySelectorAll('a[href^="/portal/invoices/view/"]').length === 1);
    expect(page.url()).toContain(`search=${number}`);

    await invoiceLinks(page).first().click();
    await page.waitForURL(/\/portal\/invoices\/view\/\d+\/\d+$/);
    await page.getByTestId('invoice-total').waitFor();
    await page.getByRole('heading', { level: 1, name: `Invoice ${number}` }).waitFor();
    const charges = page.getByTestId('invoice-charges');
    for (const label of [
      'Monthly charges',
      'Late payment charges',
      'Adjustments',
      'Governmental charges',
      'Balance forward',
    ]) {
      expect(await charges.getByText(label).count()).toBe(1);
    }
    await page.getByRole('img', { name: 'Spend by service on this invoice' }).waitFor();
    // An old invoice: its due date has passed, so no remaining-days text.
    expect(await page.getByTestId('remaining-days').count()).toBe(0);

    const pdf = await downloaded(page, () => page.getByTestId('download-pdf').click());
    expect(pdf.name).toMatch(new RegExp(`^invoice-1000102-${number}-\\d{8}\\.pdf$`));
    expect(pdf.size).toBeGreaterThan(1000);
    const csv = await downloaded(page, () => page.getByTestId('download-csv').click());
    expect(csv.name).toBe('Services-1000102.csv');
    expect(csv.size).toBeGreaterThan(100);
    await context.close();
  });

  it('shows the remaining days on an invoice not yet due, and the Download Error popup when a download fails', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto('/portal/invoices');
    const calls = trackApiCalls(page);
    await invoiceLinks(page).first().click();
    await page.getByTestId('invoice-total').waitFor();
    expect(await page.getByTestId('remaining-days').textContent()).toMatch(/^\d+ days? remaining$/);
    // No payment provider is configured here (decision 127): once the page has its answers, no Pay button.
    await calls.settled();
    expect(await page.getByTestId('pay-invoice').count()).toBe(0);

    await page.route('**/api/invoices/download-invoice', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"data":null,"code":"SERVER_ERROR","message":"x"}',
      }),
    );
    await page.getByTestId('download-pdf').click();
    const dialog = page.getByRole('dialog', { name: popups.downloadError.title });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(popups.downloadError.body);
    await context.close();
  });

  it("says 'No invoice found.' for an invoice that is not the user's, and sends bad segments to the dashboard", async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.admin);
    await page.goto('/portal/invoices');
    const foreign = (await invoiceLinks(page).first().getAttribute('href')) ?? '';
    await context.close();

    const customer = await newPage(browser, server.origin);
    await signIn(customer.page, demoEmails.customer);
    await customer.page.goto(foreign);
    await customer.page.getByText(messages.noInvoice).waitFor();
    for (const bad of ['/portal/invoices/view/1', '/portal/invoices/view/1/2/3', '/portal/invoices/view/x/1']) {
      await customer.page.goto(bad);
      await customer.page.waitForURL('**/portal/home/index');
    }
    await customer.context.close();
  });

  it('shows the balance history buckets of every account', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    const calls = trackApiCalls(page);
    await page.goto('/portal/invoices/pay');
    const table = page.getByRole('table', { name: 'Balance of each account by days past due' });
    await table.locator('tbody tr').first().waitFor();
    // Without a payment provider there is no Pay column (decision 127).
    await calls.settled();
    const headers = await table.locator('thead th').allTextContents();
    expect(headers).toEqual(['Account', '0-30 days', '30-60 days', '60-90 days', '90+ days', 'Balance']);
    expect(await table.locator('tbody tr').count()).toBe(3);
    const first = await table.locator('tbody tr').first().locator('td').allTextContents();
    for (const cell of first.slice(1)) expect(cell).toMatch(/^-?\$[\d,]+\.\d{2}$/);
    await context.close();
  });
});

describe('notifications and inquiries', () => {
  it('opens a notification and sends an inquiry about it, once', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto('/portal/notifications');
    const link = page.locator('a[href^="/portal/notifications/view/"]').first();
    await link.waitFor();
    expect(await page.locator('a[href^="/portal/notifications/view/"]').count()).toBeLessThanOrEqual(10);
    const subject = (await link.textContent()) ?? '';
    await link.click();
    await page.waitForURL(/\/portal\/notifications\/view\/\d+$/);
    for (const label of [
      'Subject',
      'Date',
      'Service affecting',
      'Description of work',
      'Scheduled event',
      'Area',
      'Ticket number',
      'Duration of interruption',
      'Window start',
      'Window end',
      'Circuits affected',
    ]) {
      await page.getByRole('rowheader', { name: label, exact: true }).waitFor();
    }
    expect(await page.getByRole('cell', { name: subject, exact: true }).count()).toBe(1);
    const ticketNumber =
      (await page
        .getByRole('row', { name: /^Ticket number/ })
        .getByRole('cell')
        .textContent()) ?? '';

    await page.getByTestId('inquire-notification').click();
    await page.waitForURL(`**/portal/inquire/notification/${ticketNumber}`);
    await page.getByRole('heading', { level: 1, name: contact.inquiryTitles.notification }).waitFor();
    expect(await page.getByTestId('inquiry-subject').textContent()).toBe(`Re: CMC Notification #${ticketNumber}`);
    // Prefilled from the user.
    expect(await page.getByLabel('First name').inputValue()).toBe('Casey');
    expect(await page.getByLabel('Email').inputValue()).toBe(demoEmails.customer);

    // Validated before sending.
    await page.getByTestId('send-inquiry').click();
    await page.getByText('This value is required.').waitFor();

    await page.getByLabel('Your message').fill('Will this window affect our backups at the Denver site?');
    await page.getByTestId('send-inquiry').click();
    await page.getByTestId('inquiry-sent').waitFor();
    expect(await page.getByTestId('send-inquiry').isDisabled()).toBe(true);
    await context.close();
  });

  it('sends feedback from the user menu; unknown inquiry types go to the dashboard', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.getByTestId('user-menu').click();
    await page.getByRole('link', { name: 'Send feedback' }).click();
    await page.waitForURL('**/portal/inquire/feedback');
    await page.getByRole('heading', { level: 1, name: 'Customer Portal Feedback' }).waitFor();
    expect(await page.getByTestId('inquiry-subject').textContent()).toBe('Re: Customer Portal Feedback');
    await page.getByLabel('Your message').fill('The invoice page is clear. Please add a dark mode.');
    await page.getByTestId('send-inquiry').click();
    await page.getByTestId('inquiry-sent').waitFor();
    expect(await page.getByTestId('send-inquiry').isDisabled()).toBe(true);

    for (const bad of ['/portal/inquire', '/portal/inquire/complaint/x', '/portal/inquire/pending']) {
      await page.goto(bad);
      await page.waitForURL('**/portal/home/index');
    }
    await context.close();
  });
});
