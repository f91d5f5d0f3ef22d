import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { DEMO_PASSWORD, demoEmails, demoFirstName } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;
let objectStorageOrder: number;

const api = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
  const res = await fetch(`${server.origin}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return ((await res.json()) as { data: T }).data;
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const { token } = await api<{ token: string }>('auth/get-token', {
    email: demoEmails.customer,
    password: DEMO_PASSWORD,
  });
  const orders = await api<{ data: { base_order_id: number }[] }>(
    'orders/get-orders',
    { search_product_cd: 'ob', perPage: 10 },
    token,
  );
  objectStorageOrder = orders.data[0]!.base_order_id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Console errors and warnings of a page (a hydration that fails logs one). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** The HTML without the markers React puts between adjacent text nodes ("Welcome, <!-- -->Casey"). */
const textOf = async (response: { text(): Promise<string> } | null) =>
  (await response!.text()).replace(/<!-- -->/g, '');

const hydrated = (page: Page) =>
  page.waitForFunction(() => Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__react')));

const stateOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="first-screen-state">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null') as {
    session: { user: { email_nm: string }; currentAccountId: number | null } | null;
  } | null;

/** The signed-in pages rendered on the server (decision 109), with what their HTML must already show. */
interface SignedInPage {
  name: string;
  path: string;
  shows: RegExp;
  /** When the app has settled after taking the page over; network-idle by default. */
  settled?: (page: Page) => Promise<void>;
}

const pages = (): SignedInPage[] => [
  { name: 'dashboard', path: '/portal/home/index', shows: /Welcome, Casey[\s\S]*Latest invoice[\s\S]*\$[\d,]+\.\d\d/ },
  { name: 'invoices', path: '/portal/invoices', shows: /<h1[^>]*>Invoices<\/h1>[\s\S]*INV-\d{4}-\d{6}/ },
  { name: 'services', path: '/portal/services', shows: /<h1[^>]*>[^<]*Services<\/h1>[\s\S]*ORD-\d+/ },
  {
    name: 'object storage page',
    path: `/portal/service/ob/${objectStorageOrder}`,
    shows: /Object Storage \(S3 compatible\)[\s\S]*Storage used[\s\S]*GB/,
    // Its charts stay live (never network-idle): they start loading once the page is the browser's.
    settled: (page: Page) => page.locator('.uplot canvas').first().waitFor(),
  },
];

describe('signed-in pages in the HTML', () => {
  it.each(['dashboard', 'invoices', 'services', 'object storage page'])(
    'sends the %s with its data, for this user only, and the app takes it over without replacing it',
    async (name) => {
      const target = pages().find((p) => p.name === name)!;
      const { context, page } = await newPage(browser, server.origin);
      await signIn(page, demoEmails.customer);
      const problems = watchConsole(page);
      // The first main heading the browser parses is the server's; after hydration it must be the same node.
      await page.addInitScript(() => {
        const seen = window as unknown as { firstHeading?: Element | null };
        new MutationObserver(() => {
          seen.firstHeading ??= document.querySelector('#main h1');
        }).observe(document, { childList: true, subtree: true });
      });
      const response = await page.goto(target.path);
      const html = await textOf(response);
      expect(html).toMatch(target.shows);
      expect(response!.headers()['cache-control']).toBe('no-store');
      expect(response!.headers().vary).toContain('cookie');
      expect(stateOf(html)?.session?.user.email_nm).toBe(demoEmails.customer);
      await hydrated(page);
      await (target.settled ? target.settled(page) : page.waitForLoadState('networkidle'));
      expect(
        await page.evaluate(() => {
          const seen = window as unknown as { firstHeading?: Element | null };
          return Boolean(seen.firstHeading) && seen.firstHeading === document.querySelector('#main h1');
        }),
      ).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    },
  );

  it("renders each user's own page, and none after signing out", async () => {
    const customer = await newPage(browser, server.origin);
    const admin = await newPage(browser, server.origin);
    await signIn(customer.page, demoEmails.customer);
    await signIn(admin.page, demoEmails.admin);
    const customerHtml = await textOf(await customer.page.goto('/portal/home/index'));
    const adminHtml = await textOf(await admin.page.goto('/portal/home/index'));
    expect(customerHtml).toContain(`Welcome, ${demoFirstName(demoEmails.customer)}`);
    expect(adminHtml).toContain(`Welcome, ${demoFirstName(demoEmails.admin)}`);
    expect(adminHtml).not.toContain(`Welcome, ${demoFirstName(demoEmails.customer)}`);
    expect(stateOf(adminHtml)?.session?.user.email_nm).toBe(demoEmails.admin);

    await customer.page.goto('/portal/logout');
    await customer.page.waitForURL('**/portal/login**');
    const after = await customer.page.goto('/portal/home/index');
    const afterHtml = await textOf(after);
    expect(afterHtml).not.toContain('Welcome');
    expect(stateOf(afterHtml)).toBeNull();
    await customer.page.waitForURL('**/portal/login**');
    await customer.context.close();
    await admin.context.close();
  });

  it('renders the account the user chose last', async () => {
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.getByTestId('invoice-box').getByTestId('amount-due').waitFor();
    await page.getByRole('combobox', { name: 'Invoice account' }).click();
    await page.getByRole('option', { name: /Distribution Centers/ }).click();
    await page.waitForFunction(() =>
      /Distribution Centers/.test(
        (
          document.querySelector('input[aria-label="Invoice account"], [data-testid="invoice-box"] input') as
            HTMLInputElement | undefined
        )?.value ?? '',
      ),
    );
    const problems = watchConsole(page);
    const html = await textOf(await page.goto('/portal/home/index'));
    const chosen = stateOf(html)?.session?.currentAccountId;
    expect(chosen).not.toBeNull();
    expect(html).toMatch(/value="[^"]*Distribution Centers[^"]*"/);
    await hydrated(page);
    expect(await page.getByRole('combobox', { name: 'Invoice account' }).inputValue()).toMatch(/Distribution Centers/);
    expect(problems).toEqual([]);
    await context.close();
  });
});
