/**
 * Web and app security (dd) in the browser at desktop (1280x800) and phone (390x844) widths: an order
 * with several zones lists them with links (the demo customer), a zone's page shows its 30-day stats,
 * both charts with data, the top 5 threat types, the ranked threat countries with flags, the DNS
 * records (a long value cut and expandable) and the firewall events 10 a page; an order with one zone
 * shows it directly (the demo administrator's). No error text anywhere. Screenshots go to
 * /tmp/shots-dd/ (SHOTS to change).
 */
import { mkdir } from 'node:fs/promises';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { chartError, expectChartsDrawn } from './helpers/charts.ts';
import { DEMO_PASSWORD, demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

const shots = process.env.SHOTS ?? '/tmp/shots-dd';
const widths = [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
] as const;

let server: RunningServer;
let browser: Browser;

async function api(token: string, path: string, query: Record<string, string | number> = {}, body?: object) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await fetch(`${server.origin}/api/${path}${body ? '' : `?${qs}`}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as { data: unknown; code: string };
}

interface Zones {
  base_order_id: number;
  zones: { zone_id: number; name: string }[];
}

/** A dd order of the user's whose zone count passes `wanted`. */
async function orderWith(email: string, wanted: (zones: number) => boolean): Promise<Zones> {
  const signedIn = await api('', 'auth/get-token', {}, { email, password: DEMO_PASSWORD });
  const token = (signedIn.data as { token: string }).token;
  const list = (await api(token, 'orders/get-orders', {}, { search_product_cd: 'dd', perPage: 100 })).data as {
    data: { base_order_id: number }[];
  };
  for (const o of list.data) {
    const found = (await api(token, 'orders-dd/get-dd-zones', { baseOrderId: o.base_order_id })).data as Zones | null;
    if (found && wanted(found.zones.length)) return found;
  }
  throw new Error(`${email} has no security order with the zones wanted`);
}

/** The zone's page: stats, charts, threats, countries with flags, DNS records and firewall events. */
async function expectZonePage(page: Page, where: string, zone: string) {
  await page.getByTestId('zone-name').getByText(zone, { exact: true }).waitFor();
  for (const stat of ['Threats stopped', 'Requests', 'Bandwidth', 'Encrypted requests'])
    await page.getByText(stat, { exact: true }).first().waitFor();
  await expectChartsDrawn(page, where, 2);
  expect(await page.getByText('No order found.').count(), `${where}: no order`).toBe(0);
  expect(await page.getByRole('figure', { name: 'Encrypted vs unencrypted traffic' }).count()).toBe(1);
  expect(await page.getByRole('figure', { name: 'Visitors' }).count()).toBe(1);

  expect(await page.getByRole('table', { name: 'Top threat types' }).locator('tr').count(), where).toBe(5);
  const countries = page.getByTestId('threat-country');
  await countries.first().waitFor();
  expect(await countries.count(), where).toBeGreaterThan(3);
  expect(
    await countries
      .first()
      .getByRole('img', { name: /^Flag of / })
      .count(),
  ).toBe(1);

  const dns = page.getByRole('table', { name: 'DNS records' });
  await dns.locator('tbody tr').first().waitFor();
  await dns.getByText('is alias of').first().waitFor();
  // The long TXT value is cut at 50 characters and opens in full.
  const more = dns.getByRole('button', { name: 'Show full value' }).first();
  await more.click();
  await dns.getByText(/~all/).waitFor();

  const events = page.getByRole('table', { name: 'Firewall events' });
  await events.locator('tbody tr').first().waitFor();
  expect(await events.locator('tbody tr').count(), where).toBe(10);
  const first = await events.locator('tbody tr').first().textContent();
  await page.getByRole('navigation', { name: 'Firewall event pages' }).getByRole('button', { name: /next/i }).click();
  await expect.poll(() => events.locator('tbody tr').first().textContent()).not.toBe(first);
}

async function shot(page: Page, name: string) {
  // A chart's live-update stream may keep the network busy: a few quiet seconds are enough.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

let several: Zones;
let single: Zones;

beforeAll(async () => {
  await mkdir(shots, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  several = await orderWith(demoEmails.customer, (n) => n > 1);
  single = await orderWith(demoEmails.admin, (n) => n === 1);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('web and app security pages', () => {
  for (const [name, width, height] of widths) {
    it(`zone list, zone page and a single-zone order at ${name} width`, async () => {
      const { context, page } = await newPage(browser, server.origin, { width, height });
      await signIn(page, demoEmails.customer);
      const id = several.base_order_id;

      // Several zones: listed, each with a link.
      await page.goto(`/portal/service/dd/${id}`);
      const list = page.getByRole('table', { name: 'Zones' });
      await list.locator('tbody tr').first().waitFor();
      expect(await list.locator('tbody tr').count()).toBe(several.zones.length);
      expect(await page.getByText(chartError).count()).toBe(0);
      await shot(page, `dd-zones-${name}`);

      const zone = several.zones[0]!;
      await list.getByRole('link', { name: zone.name, exact: true }).click();
      await page.waitForURL(`**/service/dd/${id}/${zone.zone_id}`);
      await expectZonePage(page, `${name} zone page`, zone.name);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `dd-zone-${name}`);
      await page.getByRole('link', { name: 'All zones of this order' }).click();
      await page.waitForURL(`**/service/dd/${id}`);
      await list.locator('tbody tr').first().waitFor();

      // Another order's zone, or a bad segment.
      await page.goto(`/portal/service/dd/${id}/2147483647`);
      await page.getByText('No order found.').waitFor();
      await page.goto(`/portal/service/dd/${id}/abc`);
      await page.waitForURL('**/portal/home/index');
      await context.close();

      // One zone: shown directly.
      const admin = await newPage(browser, server.origin, { width, height });
      await signIn(admin.page, demoEmails.admin);
      await admin.page.goto(`/portal/service/dd/${single.base_order_id}`);
      await expectZonePage(admin.page, `${name} single zone`, single.zones[0]!.name);
      expect(await admin.page.getByRole('table', { name: 'Zones' }).count()).toBe(0);
      expect(await admin.page.getByRole('link', { name: 'All zones of this order' }).count()).toBe(0);
      await admin.page.evaluate(() => window.scrollTo(0, 0));
      await shot(admin.page, `dd-single-${name}`);
      await admin.context.close();
    });
  }
});
