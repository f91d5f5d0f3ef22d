import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';

import { DEMO_PASSWORD } from '../../apps/api/src/seed/demo.ts';

/** Debian's Chromium (apt: chromium); Playwright's own browser downloads are not used. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface PageOptions {
  width?: number;
  height?: number;
}

/** A fresh context (own cookies and storage) and page. */
export async function newPage(
  browser: Browser,
  origin: string,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  waitForTakeOver(page);
  return { context, page };
}

/**
 * A page the server rendered shows before the app answers its controls (decision 109): after a goto or
 * reload (unless only to 'commit'), wait until the app has taken it over, as a user would see it respond.
 */
export function waitForTakeOver(page: Page): void {
  const takenOver = () =>
    page.waitForFunction(
      () => !document.getElementById('first-screen-state') || document.documentElement.dataset.hydrated === 'true',
    );
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await takenOver();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== 'commit') await takenOver();
    return response;
  };
}

/** Fills the sign-in form (the passcode step is left to the caller). */
export async function submitCredentials(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/portal/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in a user without two-factor and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await submitCredentials(page, email, password);
  await page.waitForURL('**/portal/home/index');
  await page.getByTestId('greeting').waitFor();
}

/**
 * Tracks the page's API calls (not its live-update stream, which stays open): `settled()` resolves once
 * none has been in flight for half a second, so the page has acted on whatever they answered. Call it
 * before the page loads.
 */
export function trackApiCalls(page: Page): { settled: () => Promise<void> } {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  page.on('request', (request) => {
    if (!request.url().includes('/api/') || request.resourceType() === 'eventsource') return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled() {
      const deadline = Date.now() + 20_000;
      while (inFlight.size > 0 || Date.now() - lastChange < 500) {
        if (Date.now() > deadline) throw new Error(`API calls still in flight: ${[...inFlight].map((r) => r.url())}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
