import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { productsRp, type Paged } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectNotFound, getCall, orderOf as firstOrderOf } from './kit.ts';

let t: TestApp;
let customer: string;

const orderOf = (email: string, controller: string, not = false) => firstOrderOf(t, email, controller, not);

const get = (path: string, query: Record<string, string | number>, token: string | undefined = customer) =>
  getCall(t, `resource-pools/${path}`, query, token);

const day = 86400;
let rp: number;
let theirs: number;
let ob: number;
let end: number;
let vmCount: number;

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn('customer@demo.test');
  rp = await orderOf('customer@demo.test', 'resource-pool');
  theirs = await orderOf('customer@demo.test', 'resource-pool', true);
  ob = await orderOf('customer@demo.test', 'ob');
  const last = await t.db.one<{ ts: number }>(
    'SELECT extract(epoch FROM max(last_ts))::bigint AS ts FROM metric_series WHERE base_order_id = $1',
    [rp],
  );
  end = (last?.ts ?? 0) + 60;
  vmCount =
    (await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM resource_pool_vms WHERE base_order_id = $1', [rp]))
      ?.n ?? 0;
});
afterAll(() => t.close());

describe('resource pool', () => {
  it('answers the latest memory, compute and storage profile usage', async () => {
    const res = await get('get-resource-pool-order', { baseOrderId: rp });
    expect(res.status).toBe(200);
    const order = res.body.data as productsRp.ResourcePoolOrder;
    expect(order.base_order_id).toBe(rp);
    expect(order.memory_bytes_used).toBeGreaterThan(0);
    expect(order.memory_bytes_limit).toBeGreaterThan(0);
    expect(order.cpu_hz_used).toBeGreaterThan(0);
    expect(order.cpu_hz_limit).toBeGreaterThan(0);
    expect(order.storage_profiles.map((p) => p.name)).toContain('performance');
    for (const p of order.storage_profiles) expect(p.bytes_limit).toBeGreaterThan(0);
  });

  it('answers a used and limit chart per metric, bounded', async () => {
    const res = await get('get-resource-pool-stats', { baseOrderId: rp, start: end - 30 * day, end });
    expect(res.status).toBe(200);
    const charts = res.body.data as productsRp.ResourcePoolChart[];
    const order = (await get('get-resource-pool-order', { baseOrderId: rp })).body.data as productsRp.ResourcePoolOrder;
    expect(charts.map((c) => c.key)).toEqual([
      'memory',
      'cpu',
      ...order.storage_profiles.map((p) => `storage:${p.name}`),
    ]);
    expect(charts.length).toBeLessThanOrEqual(productsRp.maxResourcePoolCharts);
    expect(charts.map((c) => c.unit)).toEqual(charts.map((c) => (c.key === 'cpu' ? 'hertz' : 'bytes')));
    for (const c of charts) {
      expect(c.chartData[0]).toEqual(['Time', 'Used', 'Limit']);
      expect(c.chartData.length).toBeGreaterThan(20);
    }
    const memory = charts[0]!.chartData;
    expect(memory.at(-1)?.[1]).toBe(order.memory_bytes_used);
  });

  it('pages, sorts and searches the VMs (10 a page)', async () => {
    expect(vmCount).toBeGreaterThan(10);
    const res = await get('get-resource-pool-vms', {
      baseOrderId: rp,
      sort_column: 'memory_bytes',
      sort_order: 'desc',
    });
    expect(res.status).toBe(200);
    const page = res.body.data as Paged<productsRp.ResourcePoolVm>;
    expect(page).toMatchObject({ per_page: 10, current_page: 1, total: vmCount, last_page: Math.ceil(vmCount / 10) });
    expect(page.data.length).toBe(10);
    const memory = page.data.map((v) => v.memory_bytes);
    expect(memory).toEqual([...memory].sort((a, b) => b - a));
    const last = (await get('get-resource-pool-vms', { baseOrderId: rp, page: page.last_page })).body
      .data as Paged<productsRp.ResourcePoolVm>;
    expect(last.data.length).toBe(vmCount - (page.last_page - 1) * 10);
    const byName = (await get('get-resource-pool-vms', { baseOrderId: rp, sort_column: 'name' })).body
      .data as Paged<productsRp.ResourcePoolVm>;
    const names = byName.data.map((v) => v.name);
    expect(names).toEqual([...names].sort());
    const target = page.data[0]!.name;
    const found = (await get('get-resource-pool-vms', { baseOrderId: rp, search_all: target.toUpperCase() })).body
      .data as Paged<productsRp.ResourcePoolVm>;
    expect(found.data.map((v) => v.name)).toContain(target);
    const none = (await get('get-resource-pool-vms', { baseOrderId: rp, search_all: 'no-such-vm' })).body
      .data as Paged<productsRp.ResourcePoolVm>;
    expect(none).toMatchObject({ total: 0, last_page: 0, data: [] });
  });

  it('downloads the VMs of the search as CSV; no VMs is NOT_FOUND', async () => {
    const csv = await get('download-resource-pool-vms', { baseOrderId: rp, sort_column: 'name' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`resource-pool-vms-${rp}.csv`);
    const lines = csv.raw.trim().split('\r\n');
    expect(lines[0]).toBe('Name,Memory (bytes),Number of CPUs');
    expect(lines.length).toBe(vmCount + 1);
    const first = (await get('get-resource-pool-vms', { baseOrderId: rp, sort_column: 'name' })).body
      .data as Paged<productsRp.ResourcePoolVm>;
    const vm = first.data[0]!;
    expect(lines[1]).toBe(`${vm.name},${vm.memory_bytes},${vm.number_of_cpus}`);
    expectNotFound(await get('download-resource-pool-vms', { baseOrderId: rp, search_all: 'no-such-vm' }));
  });

  it('refuses bad input, no token, another customer’s order and the wrong product', async () => {
    const bad = await get('get-resource-pool-stats', { baseOrderId: rp, start: 100, end: 50 });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { end: ['The end must be after the start.'] } });
    const badVms = await get('get-resource-pool-vms', { baseOrderId: rp, sort_column: 'owner', perPage: 0 });
    expect(badVms.body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(badVms.body.data as object).sort()).toEqual(['perPage', 'sort_column']);
    const badId = await get('get-resource-pool-order', { baseOrderId: 'x' });
    expect(badId.body.code).toBe('VALIDATION_ERROR');
    for (const path of ['get-resource-pool-order', 'get-resource-pool-vms', 'download-resource-pool-vms']) {
      const anon = await get(path, { baseOrderId: rp }, '');
      expect(anon.status).toBe(401);
      expect(anon.body.code).toBe('INVALID_TOKEN');
      expectNotFound(await get(path, { baseOrderId: theirs }));
      expectNotFound(await get(path, { baseOrderId: ob }));
    }
    expectNotFound(await get('get-resource-pool-stats', { baseOrderId: theirs, start: end - day, end }));
    expectNotFound(await get('get-resource-pool-stats', { baseOrderId: ob, start: end - day, end }));
  });
});
