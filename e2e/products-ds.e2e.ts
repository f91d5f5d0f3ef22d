/**
 * Disaster recovery (ds) in the browser: the order page and its protection group and VM sub-pages at
 * desktop (1280x800) and phone (390x844) widths; every chart draws data and no error text shows; the VM
 * table pages 10 at a time and downloads as CSV. Screenshots go to /tmp/shots-ds/ (SHOTS to change).
 */
import { mkdir, readFile } from 'node:fs/promises';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchBrowser, newPage, signIn } from './helpers/browser.ts';
import { expectChartsDrawn } from './helpers/charts.ts';
import { DEMO_PASSWORD, demoEmails } from './helpers/demo.ts';
import { type RunningServer, startServer } from './helpers/server.ts';

const shots = process.env.SHOTS ?? '/tmp/shots-ds';
const widths = [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
] as const;

let server: RunningServer;
let browser: Browser;
let token: string;

async function api(path: string, query: Record<string, string | number> = {}, body?: object) {
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

interface DsOrder {
  base_order_id: number;
  vms_count: number;
  vpgs: { vpg_id: number; vpg_name: string }[];
}

async function shot(page: Page, name: string) {
  // Not 'networkidle': the charts keep a live-update stream open.
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

let order: DsOrder;

beforeAll(async () => {
  await mkdir(shots, { recursive: true });
  server = await startServer();
  browser = await launchBrowser();
  const signedIn = await api('auth/get-token', {}, { email: demoEmails.customer, password: DEMO_PASSWORD });
  token = (signedIn.data as { token: string }).token;
  const list = (await api('orders/get-orders', {}, { search_product_cd: 'ds', perPage: 100 })).data as {
    data: { base_order_id: number }[];
  };
  for (const o of list.data) {
    const found = (await api('orders-ds/get-order-ds', { baseOrderId: o.base_order_id })).data as DsOrder | null;
    if (found && found.vms_count > 10 && found.vpgs.length > 1) {
      order = found;
      break;
    }
  }
  expect(order, 'a demo disaster recovery order with more than 10 VMs').toBeDefined();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('disaster recovery pages', () => {
  it('order, protection group and VM pages at desktop and phone widths', async () => {
    const { context, page } = await newPage(browser, server.origin, { width: 1280, height: 800 });
    await signIn(page, demoEmails.customer);
    const id = order.base_order_id;
    for (const [name, width, height] of widths) {
      await page.setViewportSize({ width, height });

      // The order page: counts, charts, the groups and the VM table (10 a page).
      await page.goto(`/portal/service/ds/${id}`);
      await page
        .getByRole('group', { name: 'Protected VMs' })
        .getByText(String(order.vms_count))
        .waitFor()
        .catch(async (error: unknown) => {
          await page.screenshot({ path: `${shots}/failed-${name}.png`, fullPage: true });
          throw error;
        });
      await page.getByRole('group', { name: 'Per-VM rate' }).getByText(/\$/).waitFor();
      await expectChartsDrawn(page, `${name} order page`, 3);
      const vms = page.getByRole('table', { name: 'Protected virtual machines' });
      await vms.locator('tbody tr').first().waitFor();
      expect(await vms.locator('tbody tr').count()).toBe(10);
      await shot(page, `ds-${name}`);

      // The CSV download of every VM.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download VMs' }).click();
      const file = await downloading;
      expect(file.suggestedFilename()).toBe(`disaster-recovery-vms-${id}.csv`);
      const csv = await readFile((await file.path()) as string, 'utf8');
      expect(csv.trim().split('\r\n')).toHaveLength(order.vms_count + 1);

      // Page 2 of the VMs keeps its place in the query string.
      await page.getByRole('navigation', { name: 'VM pages' }).getByRole('button', { name: /next/i }).click();
      await page.waitForURL(/page=2/);

      // A protection group, from its link.
      const group = order.vpgs[0]!;
      await page.getByRole('table', { name: 'Protection groups' }).getByRole('link', { name: group.vpg_name }).click();
      await page.waitForURL(`**/service/ds-vpg/${id}/${group.vpg_id}`);
      await page.getByRole('heading', { name: `Protection group ${group.vpg_name}` }).waitFor();
      await page
        .getByRole('group', { name: 'Actual RPO' })
        .getByText(/Configured \d+ s/)
        .waitFor();
      await expectChartsDrawn(page, `${name} protection group page`, 2);
      await page.getByRole('table', { name: 'Protected virtual machines' }).locator('tbody tr').first().waitFor();
      await shot(page, `ds-vpg-${name}`);

      // A VM of the group, from the table.
      const firstVm = page.getByRole('table', { name: 'Protected virtual machines' }).getByRole('link').first();
      const vmName = (await firstVm.textContent()) ?? '';
      await firstVm.click();
      await page.waitForURL(new RegExp(`/service/ds-vm/${id}/\\d+$`));
      await page.getByRole('heading', { name: `VM ${vmName}` }).waitFor();
      await page.getByRole('group', { name: 'Protection group' }).getByRole('link', { name: group.vpg_name }).waitFor();
      await expectChartsDrawn(page, `${name} VM page`, 2);
      await shot(page, `ds-vm-${name}`);
    }

    // A VM id that is not this order's shows the order lookup's "No order found."
    await page.goto(`/portal/service/ds-vm/${id}/999999`);
    await page.getByText('No order found.').waitFor();
    // A missing segment goes to the dashboard.
    await page.goto(`/portal/service/ds-vpg/${id}`);
    await page.waitForURL('**/portal/home/index');
    await context.close();
  });
});
