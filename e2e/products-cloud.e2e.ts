import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';

import { newPage, signIn } from './helpers/browser.ts';
import { demoEmails } from './helpers/demo.ts';
import { lastMonth, chartDrawn, productSuite } from './helpers/products.ts';
import type { RunningServer } from './helpers/server.ts';

const suite = productSuite();
const { api, orderWithData } = suite;
let server: RunningServer, browser: Browser;
beforeAll(() => ({ server, browser } = suite.state));

const tabNames = async (page: Page) => (await page.getByRole('tab').allTextContents()).map((t) => t.trim());

describe('cloud product pages', () => {
  it('open cloud: tabs of the components that apply, with charts that have data', async () => {
    const baseOrderId = await orderWithData('oc', async (id) => {
      const stats = await api('GET', 'orders-oc/get-oc-stats', { ...lastMonth(), baseOrderId: id });
      return ((stats.data as { instance_count: unknown[] } | null)?.instance_count.length ?? 0) > 1;
    });
    const order = (await api('GET', 'orders-oc/get-order-oc', { baseOrderId })).data as {
      instances_apply: boolean;
      volume_storage_apply: boolean;
      snap_storage_apply: boolean;
    };
    const expected = [
      order.instances_apply && 'Instances',
      order.volume_storage_apply && 'Volume storage',
      order.snap_storage_apply && 'Snapshot storage',
    ].filter(Boolean);
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto(`/portal/service/oc/${baseOrderId}`);
    await page.getByRole('tab').first().waitFor();
    expect(await tabNames(page)).toEqual(expected);
    expect(order.instances_apply).toBe(true);
    await chartDrawn(page, 'Instance count');
    await chartDrawn(page, 'Uncommitted usage');
    await chartDrawn(page, 'Instances by type');
    if (order.volume_storage_apply) {
      await page.getByRole('tab', { name: 'Volume storage' }).click();
      await chartDrawn(page, 'Volume storage');
    }
    if (order.snap_storage_apply) {
      await page.getByRole('tab', { name: 'Snapshot storage' }).click();
      await chartDrawn(page, 'Snapshot storage');
    }
    await context.close();
  });

  it('backup platform: tabs of the parts that apply, each with usage, rate, charge and a chart', async () => {
    const baseOrderId = await orderWithData('ch', async (id) => {
      const stats = await api('GET', 'orders-ch/get-ch-stats', { ...lastMonth(), baseOrderId: id });
      return ((stats.data as { backup_mgmt: unknown[] } | null)?.backup_mgmt.length ?? 0) > 1;
    });
    const order = (await api('GET', 'orders-ch/get-order-ch', { baseOrderId })).data as {
      backup_mgmt_applies: boolean;
      backup_storage_applies: boolean;
      replication_storage_applies: boolean;
    };
    const expected = [
      order.backup_mgmt_applies && 'Backup objects',
      order.backup_storage_applies && 'Backup storage',
      order.replication_storage_applies && 'Replication storage',
    ].filter((t): t is string => Boolean(t));
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    await page.goto(`/portal/service/ch/${baseOrderId}`);
    await page.getByRole('tab').first().waitFor();
    expect(await tabNames(page)).toEqual(expected);
    for (const tab of expected) {
      await page.getByRole('tab', { name: tab }).click();
      await chartDrawn(page, tab);
      const panel = page.getByRole('tabpanel');
      for (const label of ['Usage', 'Rate', 'Charge']) await panel.getByText(label, { exact: true }).waitFor();
    }
    await context.close();
  });

  it('an order of another product hides the content area', async () => {
    const list = await api('POST', 'orders/get-orders', { search_product_cd: 'ob', perPage: 1 });
    const ob = (list.data as { data: { base_order_id: number }[] }).data[0]?.base_order_id ?? 0;
    const { context, page } = await newPage(browser, server.origin);
    await signIn(page, demoEmails.customer);
    for (const controller of ['oc', 'ch']) {
      await page.goto(`/portal/service/${controller}/${ob}`);
      await page.getByText('No order found.').waitFor();
      expect(await page.getByRole('tab').count()).toBe(0);
    }
    await context.close();
  });
});
