/**
 * axe (WCAG 2.2 A/AA) on every route of the app, signed in or not, and on the open state of the
 * popups people use most. Every serious or critical violation fails, listed with rule, element and page.
 * One browser; one context per demo sign-in, reused for all of that user's pages.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

import { createGuardrails, generate } from 'otplib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type AxeFinding, formatFindings, scanPage } from './helpers/axe.ts';
import { launchBrowser, newPage, signIn, submitCredentials } from './helpers/browser.ts';
import { DEMO_PASSWORD, TOTP_SECRET, demoEmails } from './helpers/demo.ts';
import { repoRoot, type RunningServer, startServer } from './helpers/server.ts';

// The demo secret is 80 bits, as authenticator apps commonly use; otplib 13 wants 128 by default.
const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });

let server: RunningServer;
let browser: Browser;

const DAY = 86400;

async function api(token: string, method: 'GET' | 'POST', path: string, body: Record<string, unknown> = {}) {
  const query = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${server.origin}/api/${path}${method === 'GET' ? `?${query}` : ''}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      authorization: `Bearer ${token}`,
    },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await res.json()) as { data: unknown; code: string };
  if (answer.code !== 'SUCCESS') throw new Error(`${path}: ${answer.code}`);
  return answer.data;
}

async function tokenFor(email: string): Promise<string> {
  const res = await fetch(`${server.origin}/api/auth/get-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Router paths (without /portal) of every page scanned, for the check that no route is left out. */
const scannedPaths: string[] = [];

/** Scans the page as it is now, noting its path. */
async function scan(page: Page, label: string): Promise<AxeFinding[]> {
  scannedPaths.push(new URL(page.url()).pathname.replace(/^\/portal/, ''));
  return scanPage(page, label);
}

/** Every route pattern the app declares, e.g. 'service/bs/*' (each routes/*.tsx lists them as `path: '…'`). */
async function declaredRoutes(): Promise<string[]> {
  const dir = join(repoRoot, 'apps/web/src/app/routes');
  const sources = await Promise.all((await readdir(dir)).map((file) => readFile(join(dir, file), 'utf8')));
  return sources.flatMap((source) => [...source.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]!));
}

/** React Router's matching, for the patterns the app uses: static segments, :param, :param? and a final *. */
function routeMatches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/').filter(Boolean);
  for (const [i, segment] of want.entries()) {
    if (segment === '*') return true;
    if (segment.startsWith(':')) {
      if (have[i] === undefined && !segment.endsWith('?')) return false;
    } else if (have[i] !== segment) return false;
  }
  return have.length <= want.length;
}

/**
 * A page has loaded when its heading is there, no loading state (every one draws a Mantine Loader,
 * see PageStates.tsx) nor the route progress bar is left, and no transition is under way (a popup
 * fading in would be scanned half transparent); `ready` waits for more, or for another landmark
 * on a page without a heading.
 */
async function settle(page: Page, ready?: (page: Page) => Promise<unknown>, keepsLoader = false) {
  await (ready ? ready(page) : page.locator('h1').first().waitFor());
  await page.waitForFunction(
    (loaderShown) =>
      (loaderShown || !document.querySelector('.mantine-Loader-root, [aria-label="Loading page"]')) &&
      document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity),
    keepsLoader,
  );
}

/**
 * Moves the page to another route the way a link does, inside the running app (a full load per
 * route, with axe injected again each time, made the scan several times slower). Inside the layout
 * the pause lets the router start, so its progress bar is up until the new route has loaded; pages
 * outside it have no progress bar and wait for their own heading (`byHeading`).
 */
async function navigate(page: Page, path: string) {
  await page.evaluate(async (url) => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }, `/portal${path}`);
}

interface Visit {
  path: string;
  ready?: (page: Page) => Promise<unknown>;
  /** The page shows a loader by design (the chart style page's loading sample). */
  keepsLoader?: boolean;
}

/** Visits each path in turn and scans it once loaded; answers every finding. */
async function scanRoutes(page: Page, visits: Visit[]): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = [];
  for (const { path, ready, keepsLoader } of visits) {
    await navigate(page, path);
    await settle(page, ready, keepsLoader);
    findings.push(...(await scan(page, path)));
  }
  return findings;
}

/** For pages outside the layout (no progress bar): the new page is there once its own heading is. */
const byHeading = (name: string) => (page: Page) =>
  page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
const byTestId = (id: string) => (page: Page) => page.getByTestId(id).first().waitFor();
const byRole = (role: 'dialog' | 'table' | 'figure' | 'form', name?: string) => (page: Page) =>
  page
    .getByRole(role, name ? { name } : {})
    .first()
    .waitFor();

/** Scans with the findings shown on failure. */
function expectNone(findings: AxeFinding[]) {
  expect(findings, `serious or critical axe violations:\n${formatFindings(findings)}`).toEqual([]);
}

const contexts: BrowserContext[] = [];
async function signedInPage(email: string): Promise<Page> {
  const { context, page } = await newPage(browser, server.origin);
  contexts.push(context);
  await signIn(page, email);
  return page;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
});

describe('accessibility (axe, WCAG 2.2 A/AA): no serious or critical violation', () => {
  it('on the pages open before sign-in, the passcode step and the outbox', async () => {
    const agreements = (await (
      await fetch(`${server.origin}/api/legal/get-active-agreements`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: '{}',
      })
    ).json()) as { data: { legal_agreement_id: number; title: string }[] };
    const agreement = agreements.data[0]!;
    const { context, page } = await newPage(browser, server.origin);
    contexts.push(context);
    await page.goto('/portal/login');
    // No two pages in a row share a heading, so each wait sees the new page.
    const findings = await scanRoutes(page, [
      {
        path: '/s/create-account/1/a-wrong-hash/someone%40example.test/Sam/Lee',
        ready: byHeading('Create your portal user'),
      },
      { path: '/login/session', ready: byTestId('login-reason') },
      { path: '/login/forgot-password', ready: byHeading('Forgot your password?') },
      { path: '/s', ready: byHeading('Sign in') },
      { path: '/login/resend-verification', ready: byHeading('Resend verification email') },
      { path: '/s/index/session', ready: byTestId('login-reason') },
      { path: '/login/reset/a-reset-key/someone%40example.test', ready: byHeading('Choose a new password') },
      { path: '/login/verify-email/1/a-wrong-hash', ready: byTestId('not-verified') },
      { path: '/login/verify-account/1/a-wrong-hash', ready: byHeading('Verify your account') },
      { path: '/login/revoke-access/a-wrong-key', ready: byHeading('New user on your account') },
      { path: '/s/create-account', ready: byHeading('Create your portal user') },
      { path: `/s/accept-invitation/${'A'.repeat(43)}`, ready: byHeading('Invitation to the customer portal') },
      { path: `/s/agreement/${agreement.legal_agreement_id}`, ready: byHeading(agreement.title) },
      { path: '/dev/outbox', ready: byHeading('Local outbox') },
      // Last: it sends the page on to the sign-in form a few seconds later.
      { path: '/logout', ready: byHeading('Signed out') },
    ]);

    // Field errors (the error colour) on the sign-in form sent empty.
    await page.goto('/portal/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await settle(page, (p) => p.locator('.mantine-InputWrapper-error').first().waitFor());
    findings.push(...(await scan(page, '/login (field errors)')));
    expectNone(findings);
  });

  it('on the passcode step of a two-factor sign-in', async () => {
    const { context, page } = await newPage(browser, server.origin);
    contexts.push(context);
    await submitCredentials(page, demoEmails.totp);
    await settle(page, (p) => p.locator('input[name="passcode"]').waitFor());
    const findings = await scan(page, '/login (passcode step)');
    await page.locator('input[name="passcode"]').fill(await generate({ secret: TOTP_SECRET, guardrails }));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await page.waitForURL('**/portal/home/index');
    expectNone(findings);
  });

  it("on every page of a customer's portal, and its popups", async () => {
    const token = await tokenFor(demoEmails.customer);
    const now = Math.floor(Date.now() / 1000);
    const orders = (
      (await api(token, 'POST', 'orders/get-orders', { perPage: 100 })) as {
        data: { base_order_id: number; order_number: string; product_controller: string; product_cd: string }[];
      }
    ).data;
    // The first order of each product controller.
    const firstOf = new Map<string, (typeof orders)[number]>();
    for (const o of orders) if (!firstOf.has(o.product_controller)) firstOf.set(o.product_controller, o);
    // Every product page with its own route, and the generic order page once for all the others.
    const routes = await declaredRoutes();
    const ownPage = (o: (typeof orders)[number]) => routes.includes(`service/${o.product_controller}/*`);
    const products = [...firstOf.values()].filter((o) => ownPage(o));
    products.push([...firstOf.values()].find((o) => !ownPage(o))!);
    const bs = firstOf.get('bs')!;
    const backups = (await api(token, 'GET', 'orders-bs/get-bs-managed-backups', {
      baseOrderId: bs.base_order_id,
      startDate: now - 30 * DAY,
      endDate: now,
    })) as { resource_id: string }[];
    const ticket = (
      (await api(token, 'POST', 'tickets/get-tickets', {})) as { data: { ticket_id: number; ticket_number: string }[] }
    ).data[0]!;
    const invoice = (
      (await api(token, 'POST', 'invoices/get-invoices', {})) as {
        data: { account_id: number; cycle_log_id: number }[];
      }
    ).data[0]!;
    const notification = (
      (await api(token, 'POST', 'notifications/get-cmc-notifications', {})) as {
        data: { cmc_contact_email_id: number; cmc_contact_batch: { ticket_number: string } }[];
      }
    ).data[0]!;
    const resources = (await api(token, 'GET', 'content/portal-resources', { 'portal-resource-categories': 2 })) as {
      data: { id: number }[];
    };

    // Sub-pages of disaster recovery and endpoint backup: a VM and its protection group, an agent client and an
    // image-backed machine of the customer's orders.
    const ds = firstOf.get('ds')!;
    const dsVm = (
      (await api(token, 'GET', 'orders-ds/get-vms', { baseOrderId: ds.base_order_id })) as {
        data: { vm_id: number; vpg_id: number }[];
      }
    ).data[0]!;
    const ebOrders = orders.filter((o) => o.product_controller === 'eb');
    const firstPaged = async (path: string, baseOrderId: number) =>
      ((await api(token, 'GET', path, { baseOrderId })) as { data: Record<string, string>[] }).data[0];
    let agent: { order: number; name: string } | undefined;
    let image: { order: number; name: string } | undefined;
    for (const o of ebOrders) {
      const a = agent ? undefined : await firstPaged('orders-eb/get-eb-agent-clients', o.base_order_id);
      if (a) agent = { order: o.base_order_id, name: a.client_name as string };
      const m = image ? undefined : await firstPaged('orders-eb/get-eb-image-machines', o.base_order_id);
      if (m) image = { order: o.base_order_id, name: m.vm_name as string };
    }

    const page = await signedInPage(demoEmails.customer);
    const findings = await scanRoutes(page, [
      { path: '/home/index', ready: byTestId('greeting') },
      { path: `/service/ds-vpg/${ds.base_order_id}/${dsVm.vpg_id}` },
      { path: `/service/ds-vm/${ds.base_order_id}/${dsVm.vm_id}` },
      { path: `/service/eb-agent-machine/${agent!.order}/${encodeURIComponent(agent!.name)}` },
      { path: `/service/eb-image-machine/${image!.order}/${encodeURIComponent(image!.name)}` },
      { path: '/services' },
      { path: '/home', ready: byTestId('greeting') },
      { path: '/services/index' },
      { path: `/services/${bs.product_cd}` },
      ...products.map((o) => ({ path: `/service/${o.product_controller}/${o.base_order_id}` })),
      {
        path: `/service/bs-backup/${bs.base_order_id}/${backups[0]!.resource_id}`,
        ready: byRole('table', 'Backup history'),
      },
      { path: `/service/change-alias/${bs.base_order_id}` },
      { path: `/tickets/index/${ticket.ticket_number}` },
      { path: '/tickets' },
      { path: '/invoices/index' },
      { path: '/tickets/index' },
      { path: '/tickets/choose-service' },
      { path: `/r/tickets/ticket/${ticket.ticket_id}` },
      { path: `/r/tickets/new-ticket/${bs.base_order_id}` },
      { path: '/invoices' },
      { path: '/invoices/pay' },
      // Without a payments provider (this server's), the payment pages say payments are not available.
      { path: `/invoices/payments/${invoice.account_id}` },
      { path: `/invoices/payment/${invoice.account_id}/portal-unknown` },
      { path: `/invoices/view/${invoice.account_id}/${invoice.cycle_log_id}` },
      { path: '/notifications' },
      { path: '/pins/index' },
      { path: '/notifications/index' },
      { path: `/notifications/view/${notification.cmc_contact_email_id}` },
      { path: `/inquire/pending/${bs.order_number}/${bs.base_order_id}` },
      { path: `/inquire/ticket/${ticket.ticket_number}/${ticket.ticket_id}` },
      { path: `/inquire/notification/${notification.cmc_contact_batch.ticket_number}` },
      { path: '/inquire/feedback' },
      { path: '/pins' },
      { path: '/pins/reset/a-reset-key/1' },
      { path: '/r/index' },
      { path: '/resources/2' },
      { path: `/resources/view/${resources.data[0]!.id}` },
      { path: '/users/update-profile' },
      { path: '/users/update-profile?tab-target=password' },
      { path: '/users/update-profile?tab-target=two-factor' },
      { path: '/users/accounts' },
      { path: '/users/add-account' },
    ]);

    // Popups: the user menu, a chart's range dropdown, and the sidebar as a phone opens it.
    await navigate(page, '/home/index');
    await settle(page, byTestId('greeting'));
    await page.getByTestId('user-menu').click();
    await page.getByRole('link', { name: 'Sign out' }).waitFor();
    findings.push(...(await scan(page, '/home/index (user menu open)')));

    const ob = firstOf.get('ob')!;
    await navigate(page, `/service/ob/${ob.base_order_id}`);
    await settle(page);
    await page.getByRole('combobox', { name: 'Range of Storage used' }).selectOption({ label: 'Custom range…' });
    await page.getByRole('form', { name: 'Custom range of Storage used' }).waitFor();
    await settle(page);
    findings.push(...(await scan(page, `/service/ob/${ob.base_order_id} (custom range form open)`)));

    await page.setViewportSize({ width: 390, height: 844 });
    await navigate(page, '/home/index');
    await settle(page, byTestId('greeting'));
    await page.getByTestId('nav-toggle').click();
    await page.getByTestId('sidebar').getByRole('link').first().waitFor();
    await settle(page);
    findings.push(...(await scan(page, '/home/index (phone, navigation open)')));
    expectNone(findings);
  });

  it("on an account administrator's users area", async () => {
    const token = await tokenFor(demoEmails.admin);
    const users = (await api(token, 'GET', 'users/get-users', {})) as { data: { user_id: number; email_nm: string }[] };
    const other = users.data.find((u) => u.email_nm !== demoEmails.admin)!;
    const page = await signedInPage(demoEmails.admin);
    expectNone(
      await scanRoutes(page, [
        { path: '/users' },
        { path: '/users/add-new-user' },
        { path: '/users/index' },
        { path: '/users/add-existing-user' },
        { path: `/users/edit-user/${other.user_id}` },
        { path: `/users/delete-user/${other.user_id}` },
        { path: '/users/manage-accounts' },
        { path: '/users/api-tokens' },
        { path: '/users/audit-log' },
      ]),
    );
  });

  it('on the staff pages', async () => {
    const customer = (await api(await tokenFor(demoEmails.staff3), 'POST', 'admin/get-user-by-email', {
      email: demoEmails.customer,
    })) as { user_id: number };
    const page = await signedInPage(demoEmails.staff3);
    expectNone(
      await scanRoutes(page, [
        { path: '/admin/account-access' },
        { path: '/admin/login-as-user' },
        { path: '/admin/login-as-user-audit' },
        { path: '/admin/audit-log/1' },
        { path: '/admin/integration' },
        { path: '/admin/signup-access' },
        { path: '/admin/snmp-devices' },
        { path: '/admin/prometheus-sources' },
        { path: '/admin/connectors' },
        { path: '/admin/provider-profile' },
        { path: '/admin/chart-styles', ready: (p) => p.locator('canvas').first().waitFor(), keepsLoader: true },
        { path: `/admin/get-user-accounts/${customer.user_id}?url=%2Finvoices`, ready: byTestId('user-email') },
      ]),
    );
  });

  it('on the legal gate: its popup and the pending agreement', async () => {
    const { context, page } = await newPage(browser, server.origin);
    contexts.push(context);
    await submitCredentials(page, demoEmails.legal);
    await settle(page, byRole('dialog'));
    const findings = await scan(page, 'after sign-in (legal gate popup open)');
    // The gate sends the user to /legal a moment after the popup; wait for it rather than race it.
    await page.waitForURL('**/portal/legal');
    // The popup announced that redirect and closes with it (issue 15).
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    const agreements = (await api(await tokenFor(demoEmails.legal), 'POST', 'legal/get-unnaccepted-agreements')) as {
      legal_agreement_id: number;
    }[];
    findings.push(
      ...(await scanRoutes(page, [
        { path: '/legal', ready: byTestId('agreement-body') },
        { path: `/legal/view/${agreements[0]!.legal_agreement_id}`, ready: byTestId('agreement-body') },
        { path: '/legal/index', ready: byTestId('agreement-body') },
      ])),
    );
    expectNone(findings);
  });

  it('on the two-factor gate popup', async () => {
    const { context, page } = await newPage(browser, server.origin);
    contexts.push(context);
    await submitCredentials(page, demoEmails.twofaRequired);
    await settle(page, byRole('dialog'));
    expectNone(await scan(page, 'after sign-in (two-factor gate popup open)'));
  });

  it('on the dashboard of a user without accounts', async () => {
    const { context, page } = await newPage(browser, server.origin);
    contexts.push(context);
    await submitCredentials(page, demoEmails.noAccounts);
    await page.waitForURL('**/portal/home/index');
    await settle(page, byTestId('no-accounts'));
    expectNone(await scan(page, '/home/index (noaccounts@demo.test)'));
  });

  it('in the dark colour scheme (the system setting), on pages of every kind, charts and popups included', async () => {
    const token = await tokenFor(demoEmails.customer);
    const orders = (
      (await api(token, 'POST', 'orders/get-orders', { perPage: 100 })) as {
        data: { base_order_id: number; product_controller: string }[];
      }
    ).data;
    const firstOf = new Map<string, number>();
    for (const o of orders) if (!firstOf.has(o.product_controller)) firstOf.set(o.product_controller, o.base_order_id);
    const routes = await declaredRoutes();
    const productPages = [...firstOf.entries()]
      .filter(([controller]) => routes.includes(`service/${controller}/*`))
      .map(([controller, id]) => ({ path: `/service/${controller}/${id}` }));
    const invoice = (
      (await api(token, 'POST', 'invoices/get-invoices', {})) as {
        data: { account_id: number; cycle_log_id: number }[];
      }
    ).data[0]!;

    const { context, page } = await newPage(browser, server.origin);
    contexts.push(context);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/portal/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    const findings = await scan(page, '/login (dark)');
    await signIn(page, demoEmails.customer);
    findings.push(
      ...(await scanRoutes(page, [
        { path: '/home/index', ready: byTestId('greeting') },
        { path: '/services' },
        ...productPages,
        { path: '/invoices' },
        { path: `/invoices/view/${invoice.account_id}/${invoice.cycle_log_id}` },
        { path: '/notifications' },
        { path: '/tickets' },
        { path: '/users/update-profile' },
      ])),
    );
    await navigate(page, '/home/index');
    await settle(page, byTestId('greeting'));
    await page.getByTestId('user-menu').click();
    await page.getByRole('group', { name: 'Appearance' }).waitFor();
    findings.push(...(await scan(page, '/home/index (dark, user menu open)')));
    expectNone(findings);
  });

  // Last, once every scan above has run.
  it('left no route of the app out', async () => {
    const missing = (await declaredRoutes()).filter((route) => !scannedPaths.some((path) => routeMatches(route, path)));
    expect(missing, 'routes no test here scans: add a visit for each to e2e/accessibility.e2e.ts').toEqual([]);
  });
});
