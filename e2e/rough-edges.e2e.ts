import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { DEMO_PASSWORD, demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';
import { demoProvider } from '../apps/api/src/seed/provider.ts';

/** Issue 15, "Rough edges": the flows a customer meets, at desktop and phone sizes. */

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

const phone = { width: 390, height: 844 };

async function signedIn(email: string = demoEmails.customer, size: { width?: number; height?: number } = {}) {
  const opened = await newPage(browser, server.origin, size);
  await signIn(opened.page, email);
  return opened;
}

/** The sign-in form on whatever login page the browser is on now. */
async function fillSignIn(p: Page, email: string) {
  await p.locator('input[name="email"]').fill(email);
  await p.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await p.getByRole('button', { name: 'Sign in' }).click();
}

describe('paging past the end', () => {
  it('a page number past the end shows the last page, with a way back', async () => {
    const { context, page: p } = await signedIn();
    await p.goto('/portal/invoices?page=999');
    const pager = p.getByRole('navigation', { name: 'Invoice pages' });
    await pager.waitFor();
    // The address moves off page 999 to the last page (page 1 has no page parameter).
    await p.waitForFunction(() => !window.location.search.includes('page=999'));
    const lastPage = Number(new URL(p.url()).searchParams.get('page') ?? '1');
    // The demo customer's invoices (61 on the main account) fill more than one page.
    expect(lastPage).toBeGreaterThan(1);
    expect(lastPage).toBeLessThan(999);
    await expect(pager.getByText(`Page ${lastPage} of ${lastPage}`).count()).resolves.toBe(1);
    expect(await p.locator('table tbody tr').count()).toBeGreaterThan(0);
    await expect(pager.getByRole('button', { name: 'Previous page' }).count()).resolves.toBe(1);
    await context.close();
  });
});

describe('sign-in lands on the page asked for', () => {
  it('a deep link opened signed out comes back after sign-in', async () => {
    const { context, page: p } = await newPage(browser, server.origin);
    await p.goto('/portal/notifications?page=2');
    await p.waitForURL(/\/portal\/login\?next=/);
    await fillSignIn(p, demoEmails.customer);
    await p.waitForURL('**/portal/notifications?page=2');
    await context.close();
  });

  it('another site in next is ignored: the dashboard', async () => {
    const { context, page: p } = await newPage(browser, server.origin);
    await p.goto('/portal/login?next=' + encodeURIComponent('//evil.example/steal'));
    await fillSignIn(p, demoEmails.customer);
    await p.waitForURL('**/portal/home/index');
    expect(new URL(p.url()).origin).toBe(server.origin);
    await context.close();
  });
});

describe('users area and profile', () => {
  it('reset password asks first; an administrator has no delete on their own row', async () => {
    const { context, page: p } = await signedIn(demoEmails.admin);
    await p.goto('/portal/users');
    const resetButtons = p.getByRole('button', { name: /^Reset password of / });
    await resetButtons.first().waitFor();
    await resetButtons.first().click();
    const dialog = p.getByRole('dialog', { name: 'Reset password?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(p.getByText(/A password reset message was sent/).count()).resolves.toBe(0);

    await expect(p.getByRole('link', { name: `Delete ${demoEmails.admin}` }).count()).resolves.toBe(0);
    await expect(p.getByRole('link', { name: /^Delete / }).count()).resolves.toBeGreaterThan(0);
    await context.close();
  });

  it('the header shows the new name right after a profile save', async () => {
    const { context, page: p } = await signedIn(demoEmails.staff2);
    await p.goto('/portal/users/update-profile');
    const first = p.getByLabel('First name');
    await first.waitFor();
    await first.fill('Renamed');
    await p.getByLabel('Current password').fill(DEMO_PASSWORD);
    await p.getByRole('button', { name: 'Save profile' }).click();
    await p.getByTestId('profile-saved').waitFor();
    await p
      .getByTestId('user-menu')
      .getByText(/^Renamed /)
      .waitFor();
    await context.close();
  });
});

/**
 * On a 390 px wide phone, a table's cells: every cell of every row is shown (none hidden), inside the
 * viewport, and no two cells of a row overlap. Returns what was measured, for the message.
 */
async function tableOnPhone(p: Page) {
  return p.evaluate(() => {
    const table = document.querySelector('main table') ?? document.querySelector('table');
    if (!table) return { rows: 0, problems: ['no table'] };
    const problems: string[] = [];
    const viewport = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > viewport + 1) problems.push('the page scrolls sideways');
    const headers = table.querySelectorAll('thead th').length;
    const rows = [...table.querySelectorAll('tbody tr')];
    rows.forEach((row, r) => {
      const cells = [...row.querySelectorAll('td')];
      if (cells.length !== headers) problems.push(`row ${r}: ${cells.length} cells for ${headers} columns`);
      const boxes = cells.map((cell) => cell.getBoundingClientRect());
      cells.forEach((cell, c) => {
        const box = boxes[c]!;
        const style = getComputedStyle(cell);
        if (style.display === 'none' || style.visibility === 'hidden') problems.push(`row ${r} cell ${c} hidden`);
        if (box.left < -1 || box.right > viewport + 1) problems.push(`row ${r} cell ${c} outside the screen`);
        if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`row ${r} cell ${c} cut off`);
        if (cell.textContent?.trim() && !cell.getAttribute('data-label') && c > 0 && headers > 1) {
          const header = table.querySelectorAll('thead th')[c]?.textContent?.trim();
          if (header) problems.push(`row ${r} cell ${c} has no label`);
        }
        for (let o = 0; o < c; o++) {
          const other = boxes[o]!;
          const overlap =
            Math.min(box.right, other.right) - Math.max(box.left, other.left) > 1 &&
            Math.min(box.bottom, other.bottom) - Math.max(box.top, other.top) > 1;
          if (overlap) problems.push(`row ${r}: cells ${o} and ${c} overlap`);
        }
      });
    });
    return { rows: rows.length, problems };
  });
}

describe('tables on a phone (390 × 844)', () => {
  const pages = [
    ['invoices', demoEmails.customer, '/portal/invoices'],
    ['balances', demoEmails.customer, '/portal/invoices/pay'],
    ['notifications', demoEmails.customer, '/portal/notifications'],
    ['services', demoEmails.customer, '/portal/services'],
    ['tickets', demoEmails.customer, '/portal/tickets/index'],
    ['users', demoEmails.admin, '/portal/users'],
  ] as const;

  for (const [name, email, path] of pages) {
    it(`${name}: rows are cards, nothing overlaps, no column disappears`, async () => {
      const { context, page: p } = await signedIn(email, phone);
      await p.goto(path);
      await p.locator('main table tbody tr').first().waitFor();
      const measured = await tableOnPhone(p);
      expect(measured.problems).toEqual([]);
      expect(measured.rows).toBeGreaterThan(0);
      await context.close();
    });
  }
});

describe('dashboard counts and all accounts', () => {
  it('the upcoming maintenance count opens that list on all accounts', async () => {
    const { context, page: p } = await signedIn();
    const box = p.getByTestId('maintenance-box');
    const link = box.getByRole('link', { name: /Upcoming maintenance/ });
    await link.waitFor();
    await link.click();
    await p.waitForURL(/\/portal\/notifications\?accounts=all&window=upcoming/);
    await p.getByTestId('window-filter').waitFor();
    await expect(p.getByRole('combobox', { name: 'Account' }).inputValue()).resolves.toBe('All accounts');
    await context.close();
  });

  it('invoices offer "All accounts"', async () => {
    const { context, page: p } = await signedIn();
    await p.goto('/portal/invoices');
    const select = p.getByRole('combobox', { name: 'Account' });
    await select.click();
    await p.getByRole('option', { name: 'All accounts' }).click();
    await p.waitForURL(/accounts=all/);
    await p.locator('main table tbody tr').first().waitFor();
    await context.close();
  });
});

describe('words', () => {
  it('each page has its own document title; the header avatar shows initials', async () => {
    const { context, page: p } = await signedIn();
    await expect(p.title()).resolves.toBe(`Dashboard · ${demoProvider.portal_name}`);
    const titles = new Set<string>();
    for (const path of ['/portal/invoices', '/portal/notifications', '/portal/tickets/index', '/portal/services']) {
      await p.goto(path);
      await p.locator('main h1').first().waitFor();
      await p.waitForFunction(
        (name) => document.title.endsWith(` · ${name}`) && !document.title.startsWith('Dashboard'),
        demoProvider.portal_name,
      );
      const heading = (await p.locator('main h1').first().textContent())?.trim();
      await expect(p.title()).resolves.toBe(`${heading} · ${demoProvider.portal_name}`);
      titles.add(await p.title());
    }
    expect(titles.size).toBe(4);
    const initials = p.getByTestId('user-menu').getByTestId('avatar-initials');
    await expect(initials.getAttribute('data-initials')).resolves.toMatch(/^[A-Z]{2}$/);
    // Drawn, not text: the user menu's accessible name (the full name) matches its visible text.
    await expect(initials.evaluate((e) => getComputedStyle(e, '::before').content)).resolves.toMatch(/^"[A-Z]{2}"$/);
    await context.close();
  });
});

describe('the tab title follows the page shown', () => {
  const name = demoProvider.portal_name;
  /** The tab title and every <title> in head (shown when a step fails). */
  const titles = (p: Page) =>
    p.evaluate(() => ({
      tab: document.title,
      head: [...document.head.querySelectorAll('title')].map((t) => t.textContent),
    }));
  const expectTitle = async (p: Page, title: string) => {
    await p.waitForFunction((wanted) => document.title === wanted, title, { timeout: 20_000 }).catch(() => undefined);
    const now = await titles(p);
    expect(now.tab, `the <title>s in head: ${JSON.stringify(now.head)}`).toBe(title);
  };
  /**
   * Follows the sidebar link to `path` and waits for that page's heading: the previous page's stays in
   * view while the next one's code loads, so "a heading is there" alone read the old one under load.
   */
  const open = async (p: Page, path: string) => {
    const heading = p.locator('main h1').first();
    const before = (await heading.count()) ? await heading.textContent() : null;
    await p.locator(`nav a[href="${path}"]`).first().click();
    await p.waitForURL(`**${path}`);
    await p.waitForFunction(
      (old) => {
        const now = document.querySelector('main h1')?.textContent;
        return now != null && now !== old;
      },
      before,
      { timeout: 20_000 },
    );
  };

  it('after signing in on the server-rendered sign-in page, moving inside the app, and signing out', async () => {
    const { context, page: p } = await newPage(browser, server.origin);
    await p.goto('/portal/login');
    await expectTitle(p, `Sign in · ${name}`);
    await fillSignIn(p, demoEmails.customer);
    await p.waitForURL('**/portal/home/index');
    await p.getByTestId('greeting').waitFor();
    await expectTitle(p, `Dashboard · ${name}`);
    await open(p, '/portal/invoices');
    await expectTitle(p, `Invoices · ${name}`);
    await open(p, '/portal/home/index');
    await expectTitle(p, `Dashboard · ${name}`);
    await open(p, '/portal/notifications');
    await expectTitle(p, `Notifications · ${name}`);
    await p.getByTestId('user-menu').click();
    await p.getByRole('link', { name: 'Sign out' }).click();
    await p.waitForURL('**/portal/logout');
    await expectTitle(p, `Signed out · ${name}`);
    await p.waitForURL('**/portal/login');
    await expectTitle(p, `Sign in · ${name}`);
    await context.close();
  });

  it('on a server-rendered signed-in first screen, and after moving on from it', async () => {
    const { context, page: p } = await signedIn();
    // The dashboard renders a <title> of its own; the invoices page is named after its heading.
    for (const [start, title] of [
      ['/portal/home/index', 'Dashboard'],
      ['/portal/invoices', 'Invoices'],
    ] as const) {
      await p.goto(start);
      await p.locator('main h1').first().waitFor();
      await expectTitle(p, `${title} · ${name}`);
      await open(p, '/portal/services');
      await expectTitle(p, `${(await p.locator('main h1').first().textContent())?.trim()} · ${name}`);
      await open(p, start);
      await expectTitle(p, `${title} · ${name}`);
    }
    await context.close();
  });
});

describe('dark mode', () => {
  it('follows the system, and the user menu switch is kept across reloads and sign-out; charts redraw', async () => {
    const { context, page: p } = await signedIn();
    const scheme = () => p.evaluate(() => document.documentElement.dataset.mantineColorScheme);
    const pageBackground = () => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await p.emulateMedia({ colorScheme: 'dark' });
    await p.reload();
    await p.getByTestId('greeting').waitFor();
    expect(await scheme()).toBe('dark');
    const dark = await pageBackground();

    // A choice beats the system setting, and stays after a reload and after signing out.
    await p.getByTestId('user-menu').click();
    await p.getByRole('group', { name: 'Appearance' }).getByRole('button', { name: 'Light' }).click();
    expect(await scheme()).toBe('light');
    expect(await pageBackground()).not.toBe(dark);
    await p.reload();
    await p.getByTestId('greeting').waitFor();
    expect(await scheme()).toBe('light');
    await p.getByTestId('user-menu').click();
    const group = p.getByRole('group', { name: 'Appearance' });
    await expect(group.getByRole('button', { name: 'Light' }).getAttribute('aria-pressed')).resolves.toBe('true');
    await group.getByRole('button', { name: 'Dark' }).click();
    await p.emulateMedia({ colorScheme: 'light' });
    await p.goto('/portal/logout');
    await p.waitForURL('**/portal/login', { timeout: 10_000 });
    await p.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await scheme()).toBe('dark');

    // A chart drawn in dark, then redrawn when the scheme changes (its canvas is rebuilt with the new ink).
    await signIn(p, demoEmails.customer);
    await p.goto('/portal/services');
    const first = p.locator('a[href*="/portal/service/ob/"]').first();
    await first.click();
    const canvas = p.getByTestId('chart-canvas').first();
    await canvas.locator('canvas').first().waitFor();
    await p.screenshot({ path: '/tmp/shots-dark/object-storage-dark.png', fullPage: true });
    const before = await canvas
      .locator('canvas')
      .first()
      .evaluate((c: HTMLCanvasElement) => c.toDataURL());
    await p.getByTestId('user-menu').click();
    await p.getByRole('group', { name: 'Appearance' }).getByRole('button', { name: 'Light' }).click();
    await p.waitForFunction(
      (old) => document.querySelector<HTMLCanvasElement>('[data-testid="chart-canvas"] canvas')?.toDataURL() !== old,
      before,
    );
    await context.close();
  });
});
