import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoMailDomain, demoProvider } from '../apps/api/src/seed/provider.ts';
import { apiToken, callApi } from './helpers/api.ts';
import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

/**
 * Issue 34 (decision 123): level-3 staff put a made-up provider's name on the portal, and the header and
 * title change at once; then every page, as the server renders it and as the browser shows it, names that
 * provider and never the demo company.
 */

let server: RunningServer;
let browser: Browser;
const shots = process.env.E2E_SHOTS_DIR;

const logo =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="#ffffff"/>' +
  '<path d="M14 40c8-10 14-10 18-4s10 6 18-4v12H14z" fill="#7a1f5c"/></svg>';

/** Every way the demo company could show. */
const demoTraces = [
  demoProvider.portal_name,
  demoProvider.company_name,
  demoMailDomain,
  demoProvider.portal_name.split(' ')[0] as string,
  demoProvider.billing_phone,
];
/** Each trace found, with the text around it. */
const traceIn = (text: string) =>
  demoTraces
    .map((trace) => text.toLowerCase().indexOf(trace.toLowerCase()))
    .filter((at) => at >= 0)
    .map((at) => text.slice(Math.max(0, at - 80), at + 40));

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function shoot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

describe('the provider profile page', () => {
  it('level-3 staff save a made-up provider: the header, the title and the colours follow at once', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.staff3);
    await expect(page.title()).resolves.toBe(`Dashboard · ${demoProvider.portal_name}`);
    await page.getByRole('link', { name: 'Provider Profile' }).click();
    await page.getByRole('heading', { name: 'Provider Profile', level: 1 }).waitFor();
    const form = page.getByRole('form', { name: 'Provider profile' });
    await form.getByLabel('Portal name').waitFor();
    expect(await form.getByLabel('Portal name').inputValue()).toBe(demoProvider.portal_name);

    // A colour white text cannot be read on is refused, naming the field's rule.
    await form.getByLabel('Primary colour').fill('#9fc5e8');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await form.getByText(/WCAG AA needs at least 4\.5:1/).waitFor();

    const fields: [string, string][] = [
      ['Portal name', 'Fjordline Hub'],
      ['Company legal name', 'Fjordline Networks AS'],
      ['Tax or registration number', 'NO 987 654 321 MVA'],
      ['Website', 'https://fjordline.example.org'],
      ['Support phone', '+47 55 00 00 00'],
      ['Mail sender name', 'Fjordline kundeportal'],
      ['Mail sender address', 'portal@fjordline.example.org'],
      ['Postal address', 'Strandkaien 12\n5013 Bergen'],
      ['Support email', 'hjelp@fjordline.example.org'],
      ['Billing email', 'faktura@fjordline.example.org'],
      ['Billing phone', '+47 55 00 00 01'],
      ['Primary colour', '#0b3d2e'],
      ['Accent colour', '#7a1f5c'],
      ['Mail footer', 'Fjordline Networks AS · Strandkaien 12, Bergen'],
    ];
    for (const [label, value] of fields) await form.getByLabel(label).fill(value);
    const file = join(tmpdir(), `fjordline-logo-${Date.now()}.svg`);
    writeFileSync(file, logo);
    await form.getByLabel('Logo (SVG or PNG, at most 200 KB)').setInputFiles(file);
    await form.getByRole('img', { name: 'Logo preview' }).first().waitFor();
    await form.getByRole('button', { name: 'Save profile' }).click();
    await page.getByRole('status').filter({ hasText: 'The provider profile is saved.' }).waitFor();

    // The header's home link is named by the name it shows; the title follows the page's heading.
    await page.getByRole('banner').getByRole('link', { name: 'Fjordline Hub', exact: true }).waitFor();
    // The next page the server sends carries it in its title.
    await page.goto('/portal/home/index');
    await page.getByTestId('greeting').waitFor();
    await expect(page.title()).resolves.toMatch(/ · Fjordline Hub$/);
    const header = await page
      .getByRole('banner')
      .evaluate((el) => getComputedStyle(el.closest('header') ?? el).backgroundColor);
    expect(header).toBe('rgb(11, 61, 46)');
    await context.close();
  });

  it('every page, as the server sends it and as the browser shows it, names the made-up provider only', async () => {
    const token = await apiToken(server.origin, demoEmails.staff3);
    const current = await callApi<{ fields: { portal_name: string } }>(
      server.origin,
      'GET',
      'admin/provider-profile',
      {},
      token,
    );
    expect(current.data.fields.portal_name).toBe('Fjordline Hub');

    const publicPaths = [
      '/login',
      '/login/forgot-password',
      '/login/resend-verification',
      '/s/create-account',
      '/legal',
    ];
    for (const path of publicPaths) {
      const html = await (await fetch(`${server.origin}/portal${path}`)).text();
      expect(traceIn(html), path).toEqual([]);
      expect(html).toContain('<title>Fjordline Hub</title>');
    }
    const { context, page } = await newPage(browser, server.origin);
    await page.goto('/portal/login');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.title()).toBe('Sign in · Fjordline Hub');
    await shoot(page, 'provider-sign-in');
    await signIn(page, demoEmails.customer);
    const signedInPaths = [
      '/home/index',
      '/invoices',
      '/invoices/pay',
      '/notifications',
      '/tickets/index',
      '/services',
      '/resources',
      '/users/update-profile',
    ];
    for (const path of signedInPaths) {
      // The document the server renders with the session's cookie, then the page the browser shows.
      const cookies = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
      const html = await (await fetch(`${server.origin}/portal${path}`, { headers: { cookie: cookies } })).text();
      expect(traceIn(html), `${path} (server)`).toEqual([]);
      await page.goto(`/portal${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForFunction(() => document.title.endsWith(' · Fjordline Hub'));
      expect(traceIn(await page.content()), `${path} (browser)`).toEqual([]);
    }
    // The balance page's contact lines are the billing desk's.
    await page.goto('/portal/invoices/pay');
    await page.getByRole('link', { name: 'faktura@fjordline.example.org' }).waitFor();
    await page.getByText('call +47 55 00 00 01.').waitFor();

    // The invoice PDF and a mail, for the record (E2E_SHOTS_DIR).
    if (shots) {
      const customer = await apiToken(server.origin, demoEmails.customer);
      const invoices = await callApi<{
        data: { account_id: number; cycle_log_id: number; is_downloadable: boolean }[];
      }>(server.origin, 'POST', 'invoices/get-invoices', {}, customer);
      const invoice = invoices.data.data.find((i) => i.is_downloadable);
      const pdf = await fetch(`${server.origin}/api/invoices/download-invoice`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${customer}` },
        body: JSON.stringify({ accountId: invoice?.account_id, cycleLogId: invoice?.cycle_log_id }),
      });
      mkdirSync(shots, { recursive: true });
      writeFileSync(join(shots, 'provider-invoice.pdf'), Buffer.from(await pdf.arrayBuffer()));
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '80',
        '-f',
        '1',
        '-l',
        '1',
        join(shots, 'provider-invoice.pdf'),
        join(shots, 'provider-invoice'),
      ]);
      await fetch(`${server.origin}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demoEmails.customer }),
      });
      await page.goto('/portal/dev/outbox');
      await page
        .getByText(/Fjordline/)
        .first()
        .waitFor();
      await shoot(page, 'provider-mail');
    }
    await context.close();
  });
});
