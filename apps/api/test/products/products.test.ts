import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  products,
  type Bucket,
  type Paged,
  type ChartData,
  type NetworkOrder,
  type ObOrder,
  type ObStats,
  type UsageOrder,
  type UsageStatsItem,
} from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { checkTable, expectNotFound, getCall, orderOf as firstOrderOf } from './kit.ts';

let t: TestApp;
let customer: string;

const orderOf = (email: string, controller: string, not = false) => firstOrderOf(t, email, controller, not);

/** The newest point of an order, in epoch seconds: the seed's "now". */
async function lastPoint(baseOrderId: number) {
  const row = await t.db.one<{ ts: number }>(
    'SELECT extract(epoch FROM max(last_ts))::bigint AS ts FROM metric_series WHERE base_order_id = $1',
    [baseOrderId],
  );
  return row?.ts ?? 0;
}

const get = (path: string, query: Record<string, string | number>, token: string | undefined = customer) =>
  getCall(t, `${path}`, query, token);

const day = 86400;

let usage: number;
let ob: number;
let network: number;
let theirUsage: number;
let end: number;

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn('customer@demo.test');
  usage = await orderOf('customer@demo.test', 'usage-based');
  ob = await orderOf('customer@demo.test', 'ob');
  network = await orderOf('customer@demo.test', 'network');
  theirUsage = await orderOf('customer@demo.test', 'usage-based', true);
  end = (await lastPoint(network)) + 60;
});
afterAll(() => t.close());

describe('usage-based', () => {
  it('answers the order with its billed components and daily usage per component', async () => {
    const res = await get('usage-based/get-usage-order', { baseOrderId: usage });
    expect(res.status).toBe(200);
    const order = res.body.data as UsageOrder;
    expect(order.base_order_id).toBe(usage);
    expect(order.components.length).toBeGreaterThan(0);
    expect(order.components.length).toBeLessThanOrEqual(10);

    const stats = await get('usage-based/get-usage-stats', { baseOrderId: usage, start: end - 90 * day, end });
    expect(stats.status).toBe(200);
    const items = stats.body.data as UsageStatsItem[];
    expect(items.map((i) => i.customerOrderComponentId)).toEqual(order.components.map((c) => c.component_id));
    for (const item of items) {
      checkTable(item.chartData, [item.unitOfMeasure ?? 'Usage']);
      expect(item.recentCharge?.valueAmount).toBeGreaterThanOrEqual(0);
    }
    const one = await get('usage-based/get-usage-stats', {
      baseOrderId: usage,
      start: end - 90 * day,
      end,
      customerOrderComponentId: order.components[0]?.component_id ?? 0,
    });
    expect((one.body.data as UsageStatsItem[]).length).toBe(1);
  });

  it('refuses bad input, no token, another customer’s order and the wrong product', async () => {
    const bad = await get('usage-based/get-usage-stats', { baseOrderId: usage, start: 100, end: 50 });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect(bad.body.data).toEqual({ end: ['The end must be after the start.'] });
    const badId = await get('usage-based/get-usage-order', { baseOrderId: 'x' });
    expect(badId.body.data).toEqual({ baseOrderId: ['This value should be a valid integer.'] });
    const anon = await get('usage-based/get-usage-order', { baseOrderId: usage }, '');
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('INVALID_TOKEN');
    expectNotFound(await get('usage-based/get-usage-order', { baseOrderId: theirUsage }));
    expectNotFound(await get('usage-based/get-usage-stats', { baseOrderId: theirUsage, start: end - day, end }));
    expectNotFound(await get('usage-based/get-usage-order', { baseOrderId: ob }));
  });
});

describe('object storage', () => {
  it('answers the order figures and the bytes and objects charts', async () => {
    const res = await get('orders-ob/get-order-ob', { baseOrderId: ob });
    expect(res.status).toBe(200);
    const order = res.body.data as ObOrder;
    expect(order.latest_size).toBeGreaterThan(0);
    expect(order.latest_bucket_count).toBeGreaterThan(0);
    expect(order.max_size).toBeLessThanOrEqual(-1);
    const stats = await get('orders-ob/get-ob-stats', { baseOrderId: ob, start: end - 30 * day, end });
    const data = stats.body.data as ObStats;
    checkTable(data.size, ['Storage used']);
    checkTable(data.objects, ['Objects']);
  });

  it('refuses bad input, no token, another customer’s order and the wrong product', async () => {
    const bad = await get('orders-ob/get-ob-stats', { baseOrderId: ob, start: 0, end: 10 * 365 * day });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object)).toEqual(['end']);
    expect((await get('orders-ob/get-order-ob', { baseOrderId: ob }, '')).body.code).toBe('INVALID_TOKEN');
    expectNotFound(
      await get('orders-ob/get-order-ob', { baseOrderId: await orderOf('customer@demo.test', 'ob', true) }),
    );
    expectNotFound(await get('orders-ob/get-ob-stats', { baseOrderId: usage, start: end - day, end }));
  });
});

describe('object storage buckets', () => {
  it('pages, sorts and searches the buckets; their sizes add up to the latest size', async () => {
    const res = await get('orders-ob/get-buckets', { baseOrderId: ob, sort_column: 'size', sort_order: 'desc' });
    expect(res.status).toBe(200);
    const page = res.body.data as Paged<Bucket>;
    expect(page.per_page).toBe(10);
    expect(page.total).toBeGreaterThan(0);
    const sizes = page.data.map((b) => b.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    const order = (await get('orders-ob/get-order-ob', { baseOrderId: ob })).body.data as ObOrder;
    expect(Math.abs(sizes.reduce((a, b) => a + b, 0) - order.latest_size)).toBeLessThan(page.total + 1);
    const name = page.data[0]?.bucket ?? '';
    const found = (await get('orders-ob/get-buckets', { baseOrderId: ob, search_bucket: name.slice(1, 5) })).body
      .data as Paged<Bucket>;
    expect(found.data.map((b) => b.bucket)).toContain(name);
    const none = (await get('orders-ob/get-buckets', { baseOrderId: ob, search_bucket: 'no-such-bucket' })).body
      .data as Paged<Bucket>;
    expect(none).toMatchObject({ total: 0, last_page: 0, data: [] });
  });

  it('refuses bad input, no token, another customer’s order and the wrong product', async () => {
    const bad = await get('orders-ob/get-buckets', { baseOrderId: ob, sort_column: 'owner', perPage: 0 });
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(bad.body.data as object).sort()).toEqual(['perPage', 'sort_column']);
    expect((await get('orders-ob/get-buckets', { baseOrderId: ob }, '')).body.code).toBe('INVALID_TOKEN');
    expectNotFound(
      await get('orders-ob/get-buckets', { baseOrderId: await orderOf('customer@demo.test', 'ob', true) }),
    );
    expectNotFound(await get('orders-ob/get-buckets', { baseOrderId: network }));
  });
});

describe('network', () => {
  it('lists the interfaces and charts by type; a type the interface has not is NETWORK_STATS_NOT_FOUND', async () => {
    const res = await get('network/get-network-order', { baseOrderId: network });
    expect(res.status).toBe(200);
    const order = res.body.data as NetworkOrder;
    expect(order.interfaces.length).toBeGreaterThan(0);
    const iface = order.interfaces[0]!;
    for (const chartType of products.networkChartsFor(iface.snmpiftype)) {
      const stats = await get('network/get-network-stats', {
        baseOrderId: network,
        interfaceId: iface.snmpinterface_id,
        chartType,
        startDate: end - day,
        endDate: end,
      });
      expect(stats.status).toBe(200);
      checkTable(stats.body.data as ChartData, [`In ${chartType}`, `Out ${chartType}`]);
    }
    const missing = products.networkChartTypes.find((c) => !products.networkChartsFor(iface.snmpiftype).includes(c));
    const unknown = await get('network/get-network-stats', {
      baseOrderId: network,
      interfaceId: missing ? iface.snmpinterface_id : 999,
      chartType: missing ?? 'bits',
      startDate: end - day,
      endDate: end,
    });
    expect(unknown.body.code).toBe('NETWORK_STATS_NOT_FOUND');
  });

  it('downsamples 30 days of hourly points to the bound and keeps the peak', async () => {
    const iface = ((await get('network/get-network-order', { baseOrderId: network })).body.data as NetworkOrder)
      .interfaces[0]!;
    // The interface's inbound octets per second as stored, in bits per second (x 8).
    const raw = await t.db.one<{ n: number; peak: number }>(
      `SELECT count(r.value)::int AS n, max(r.value) * 8 AS peak
         FROM metric_raw r JOIN metric_series s ON s.series_id = r.series_id
        WHERE s.base_order_id = $1 AND s.metric = 'if_in_octets' AND s.labels->>'object_key' = $2
          AND r.ts >= to_timestamp($3)`,
      [network, String(iface.snmpinterface_id), end - 30 * day],
    );
    expect(raw?.n).toBeGreaterThan(products.maxChartPoints);
    const stats = await get('network/get-network-stats', {
      baseOrderId: network,
      interfaceId: iface.snmpinterface_id,
      chartType: 'bits',
      startDate: end - 30 * day,
      endDate: end,
    });
    const table = stats.body.data as ChartData;
    expect(table.length - 1).toBeLessThanOrEqual(products.maxChartPoints);
    expect(table.length - 1).toBeGreaterThan(products.maxChartPoints / 2);
    expect(Math.max(...table.slice(1).map((r) => r[1] as number))).toBe(raw?.peak);
  });

  it('downloads the counters as CSV; refuses no token, other orders and wrong products', async () => {
    const iface = ((await get('network/get-network-order', { baseOrderId: network })).body.data as NetworkOrder)
      .interfaces[0]!;
    const query = {
      baseOrderId: network,
      interfaceId: iface.snmpinterface_id,
      chartType: 'bits',
      startDate: end - day,
      endDate: end,
    };
    const csv = await get('network/download-network-stats', query);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.raw.split('\r\n')[0]).toBe('Time (UTC),In bits (bits/s),Out bits (bits/s)');
    expect(csv.raw.trim().split('\r\n').length).toBeGreaterThan(20);
    expect((await get('network/get-network-stats', query, '')).body.code).toBe('INVALID_TOKEN');
    const bad = await get('network/get-network-stats', { ...query, chartType: 'colour' });
    expect(bad.body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(bad.body.data as object)).toEqual(['chartType']);
    expectNotFound(
      await get('network/get-network-order', { baseOrderId: await orderOf('customer@demo.test', 'network', true) }),
    );
    expectNotFound(await get('network/get-network-order', { baseOrderId: usage }));
  });
});
