import { loginReasons, messages } from '@portal/contract';
import { createGuardrails, generate } from 'otplib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn, submitCredentials } from './helpers/browser.ts';
import { demoEmails, demoFirstName, TOTP_SECRET } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

// The demo secret is 80 bits, as authenticator apps commonly use; otplib 13 wants 128 by default.
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

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

const page = async (width?: number) => newPage(browser, server.origin, { width });

describe('sign-in', () => {
  it('signs in a customer and shows the dashboard with their seeded data', async () => {
    const { context, page: p } = await page();
    await signIn(p, demoEmails.customer);
    await expect(p.getByTestId('greeting').textContent()).resolves.toContain(demoFirstName(demoEmails.customer));
    await p.getByTestId('amount-due').waitFor();
    // Each dashboard box loads on its own: wait for the tickets box's list before counting it.
    const ticketLinks = p.getByTestId('tickets-box').locator('a[href^="/portal/r/tickets/ticket/"]');
    await ticketLinks.first().waitFor();
    expect(await ticketLinks.count()).toBe(4);
    // The token lives in the portalToken cookie, SameSite=Strict.
    const cookie = (await context.cookies()).find((c) => c.name === 'portalToken');
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000);
    await context.close();
  });

  it('asks a two-factor user for the passcode and signs in with a TOTP code', async () => {
    const { context, page: p } = await page();
    await submitCredentials(p, demoEmails.totp);
    const passcode = p.locator('input[name="passcode"]');
    await passcode.waitFor();
    await passcode.fill(await generate({ secret: TOTP_SECRET, guardrails }));
    await p.getByRole('button', { name: 'Verify and sign in' }).click();
    await p.waitForURL('**/portal/home/index');
    await expect(p.getByTestId('greeting').textContent()).resolves.toContain(demoFirstName(demoEmails.totp));
    await context.close();
  });

  it("shows the server's message for a wrong password and stays on the login page", async () => {
    const { context, page: p } = await page();
    await submitCredentials(p, demoEmails.customer, 'not-the-password');
    const errors = p.getByTestId('form-errors');
    await errors.waitFor();
    expect(await errors.textContent()).toContain(messages.invalidCredentials);
    expect(new URL(p.url()).pathname).toBe('/portal/login');
    await context.close();
  });

  it('checks the fields before sending, with the spec default messages', async () => {
    const { context, page: p } = await page();
    await p.goto('/portal/login');
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByText('This value is required.').first().waitFor();
    await p.locator('input[name="email"]').fill('not-an-email');
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByText('This value should be a valid email.').waitFor();
    await context.close();
  });

  it('shows the reason text for session, user-data and portal-redirect, and ignores others', async () => {
    const { context, page: p } = await page();
    for (const reason of ['session', 'user-data', 'portal-redirect'] as const) {
      await p.goto(`/portal/login/${reason}`);
      expect(await p.getByTestId('login-reason').textContent()).toBe(loginReasons[reason]);
    }
    await p.goto('/portal/s/index/session');
    expect(await p.getByTestId('login-reason').textContent()).toBe(loginReasons.session);
    await p.goto('/portal/login/whatever');
    await p.locator('input[name="email"]').waitFor();
    expect(await p.getByTestId('login-reason').count()).toBe(0);
    await context.close();
  });

  it('sends an anonymous visitor of a protected page to login, and unknown routes to the dashboard', async () => {
    const { context, page: p } = await page();
    await p.goto('/portal/home/index');
    // The sign-in page keeps the page asked for as ?next= (issue 15).
    await p.waitForURL((url) => url.pathname === '/portal/login');
    expect(new URL(p.url()).searchParams.get('next')).toBe('/home/index');
    expect(await p.getByTestId('login-reason').count()).toBe(0);
    await signIn(p, demoEmails.customer);
    await p.goto('/portal/no-such/page/1');
    await p.waitForURL('**/portal/home/index');
    await p.goto('/portal/');
    await p.waitForURL('**/portal/home/index');
    await context.close();
  });

  it('signs out: says goodbye by first name, clears the session and goes to login after 3 s', async () => {
    const { context, page: p } = await page();
    await signIn(p, demoEmails.customer);
    await p.getByTestId('user-menu').click();
    await p.getByRole('link', { name: 'Sign out' }).click();
    await p.getByText(`Goodbye, ${demoFirstName(demoEmails.customer)}`).waitFor();
    expect((await context.cookies()).some((c) => c.name === 'portalToken')).toBe(false);
    const stored = await p.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('portal.')));
    expect(stored).toEqual([]);
    await p.waitForURL((url) => url.pathname === '/portal/login', { timeout: 6000 });
    await p.goto('/portal/home/index');
    await p.waitForURL((url) => url.pathname === '/portal/login');
    await context.close();
  });
});
