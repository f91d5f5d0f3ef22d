import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Paged, productsBs } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let customer: string;

/**
 * The first active order of a controller in (or, with `not`, outside) the accounts of a user, with managed
 * backups and protected servers.
 */
async function orderOf(email: string, controller: string, not = false) {
  const row = await t.db.one<{ base_order_id: number }>(
    `SELECT o.base_order_id FROM orders o JOIN products p ON p.product_cd = o.product_cd
      WHERE p.product_controller = $2 AND o.order_status_cd = 'A'
        AND o.account_id ${not ? 'NOT' : ''} IN (SELECT au.account_id FROM accounts_users au JOIN users u ON u.user_id = au.user_id WHERE u.email_nm = $1)
        AND EXISTS (SELECT 1 FROM metric_series m WHERE m.base_order_id = o.base_order_id)
        AND ($2 <> 'bs' OR EXISTS (SELECT 1 FROM bs_managed_backups b WHERE b.base_order_id = o.base_order_id))
        AND ($2 <> 'bs' OR EXISTS (SELECT 1 FROM order_components c WHERE c.base_order_id = o.base_order_id
                                      AND c.description LIKE 'Protected servers%' AND c.quantity > 0))
      ORDER BY o.base_order_id LIMIT 1`,
    [email, controller],
  );
  if (!row) throw new Error(`no ${controller} order`);
  return row.base_order_id;
}

const get = (path: string, query: Record<string, string | number>, token: string | undefined = customer) =>
  t.call(
    'GET',
    `/api/orders-bs/${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
    { ...(token ? { token } : {}) },
  );

const day = 86400;
let bs: number;
let theirs: number;
let ob: number;
let end: number;
let start: number;
let mine: string;
let theirHash: string;

const hashOf = async (baseOrderId: number) =>
  (
    await t.db.one<{ h: string }>(
      'SELECT resource_hash AS h FROM bs_managed_backups WHERE base_order_id = $1 ORDER BY id LIMIT 1',
      [baseOrderId],
    )
  )?.h ?? '';

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn('customer@demo.test');
  bs = await orderOf('customer@demo.test', 'bs');
  theirs = await orderOf('customer@demo.test', 'bs', true);
  ob = await orderOf('customer@demo.test', 'ob');
  const last = await t.db.one<{ ts: number }>(
    'SELECT extract(epoch FROM max(last_ts))::bigint AS ts FROM metric_series WHERE base_order_id = $1',
    [bs],
  );
  end = (last?.ts ?? 0) + day;
  start = end - 365 * day;
  mine = await hashOf(bs);
  theirHash = await hashOf(theirs);
});
afterAll(() => t.close());

const expectNotFound = (res: Awaited<ReturnType<TestApp['call']>>) => {
  expect(res.status).toBe(404);
  expect(res.body).toMatchObject({ code: 'NOT_FOUND', data: null });
};

describe('backup as a service', () => {
  it('answers storage sizes, counts from the components and rates', async () => {
    const res = await get('get-order-bs', { baseOrderId: bs });
    expect(res.status).toBe(200);
    const order = res.body.data as productsBs.BsOrder;
    expect(order.base_order_id).toBe(bs);
    expect(order.production_storage_size).toBeGreaterThan(0);
    expect(order.trial_storage_size).toBe(0);
    const servers = await t.db.one<{ q: number; mrc: number }>(
      `SELECT quantity::float8 AS q, mrc_charges::float8 AS mrc FROM order_components
        WHERE base_order_id = $1 AND description LIKE 'Protected servers%'`,
      [bs],
    );
    expect(servers).toBeDefined();
    expect(order.server_count).toBe(servers?.q);
    expect(order.bs_bo_rate).toBeCloseTo(Number(servers?.mrc) / Number(servers?.q), 3);
    expect(order.per_gb_rate).toBeGreaterThan(0);
    expect(order.workstation_count).toBe(0);
  });

  it('answers production and local storage charts', async () => {
    const res = await get('get-bs-storage-stats', { baseOrderId: bs, startDate: end - 30 * day, endDate: end });
    expect(res.status).toBe(200);
    const stats = res.body.data as { production: unknown[][]; local: unknown[][] };
    expect(stats.production[0]).toEqual(['Time', 'Production']);
    expect(stats.production.length).toBeGreaterThan(20);
    expect(stats.local[0]).toEqual(['Time', 'Local']);
  });

  it('lists the managed backups with their latest run and counts', async () => {
    const res = await get('get-bs-managed-backups', { baseOrderId: bs, startDate: start, endDate: end });
    expect(res.status).toBe(200);
    const list = res.body.data as productsBs.ManagedBackup[];
    expect(list.length).toBeGreaterThan(0);
    const first = list.find((b) => b.resource_id === mine);
    expect(first?.last_backup).toBeGreaterThan(0);
    expect((first?.ok_count ?? 0) + (first?.error_count ?? 0)).toBeGreaterThan(15);
    expect(['ok', 'error']).toContain(first?.status);
    const one = await get('get-bs-managed-backup', { baseOrderId: bs, resourceId: mine });
    expect(one.body.data).toMatchObject({ resource_id: mine, title: first?.title });
  });

  it('pages the history 15 at a time, newest first', async () => {
    const total = (first: productsBs.ManagedBackup | undefined) => (first?.ok_count ?? 0) + (first?.error_count ?? 0);
    const list = (await get('get-bs-managed-backups', { baseOrderId: bs, startDate: start, endDate: end })).body
      .data as productsBs.ManagedBackup[];
    const runs = total(list.find((b) => b.resource_id === mine));
    const res = await get('get-bs-resource-backups', {
      baseOrderId: bs,
      resourceId: mine,
      startDate: start,
      endDate: end,
    });
    expect(res.status).toBe(200);
    const page = res.body.data as Paged<productsBs.BackupRun>;
    expect(page).toMatchObject({ per_page: 15, current_page: 1, total: runs, last_page: Math.ceil(runs / 15) });
    expect(page.data.length).toBe(15);
    const times = page.data.map((r) => r.last_backup);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = (
      await get('get-bs-resource-backups', {
        baseOrderId: bs,
        resourceId: mine,
        startDate: start,
        endDate: end,
        page: 2,
      })
    ).body.data as Paged<productsBs.BackupRun>;
    expect(second.data[0]!.last_backup).toBeLessThan(times.at(-1)!);
  });

  it('refuses bad input, no token, another customer’s order or backup and the wrong product', async () => {
    const bad = await get('get-bs-storage-stats', { baseOrderId: bs, startDate: 100, endDate: 50 });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { endDate: ['The end must be after the start.'] },
    });
    const badRes = await get('get-bs-resource-backups', {
      baseOrderId: bs,
      resourceId: 'x',
      startDate: start,
      endDate: end,
      perPage: 0,
    });
    expect(badRes.body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(badRes.body.data as object).sort()).toEqual(['perPage', 'resourceId']);
    expect((await get('get-order-bs', { baseOrderId: 'x' })).body.code).toBe('VALIDATION_ERROR');
    const range = { startDate: start, endDate: end };
    const calls: [string, (id: number) => Record<string, string | number>][] = [
      ['get-order-bs', (id) => ({ baseOrderId: id })],
      ['get-bs-storage-stats', (id) => ({ baseOrderId: id, ...range })],
      ['get-bs-managed-backups', (id) => ({ baseOrderId: id, ...range })],
      ['get-bs-managed-backup', (id) => ({ baseOrderId: id, resourceId: mine })],
      ['get-bs-resource-backups', (id) => ({ baseOrderId: id, resourceId: mine, ...range })],
    ];
    for (const [path, input] of calls) {
      const anon = await get(path, input(bs), '');
      expect(anon.status).toBe(401);
      expect(anon.body.code).toBe('INVALID_TOKEN');
      expectNotFound(await get(path, input(theirs)));
      expectNotFound(await get(path, input(ob)));
    }
    // Another customer's backup under one of my orders, or my backup under another order.
    expectNotFound(await get('get-bs-managed-backup', { baseOrderId: bs, resourceId: theirHash }));
    expectNotFound(await get('get-bs-resource-backups', { baseOrderId: bs, resourceId: theirHash, ...range }));
    expectNotFound(await get('get-bs-managed-backup', { baseOrderId: theirs, resourceId: theirHash }));
  });

  it('answers ORDER_BS_NOT_MANAGED without a backup management component', async () => {
    await t.db.query(
      `UPDATE order_components SET quantity = 0 WHERE base_order_id = $1 AND description LIKE 'Backup management%'`,
      [bs],
    );
    try {
      const res = await get('get-bs-managed-backups', { baseOrderId: bs, startDate: start, endDate: end });
      expect(res.body.code).toBe('ORDER_BS_NOT_MANAGED');
      expect((await get('get-order-bs', { baseOrderId: bs })).status).toBe(200);
    } finally {
      await t.db.query(
        `UPDATE order_components SET quantity = 1 WHERE base_order_id = $1 AND description LIKE 'Backup management%'`,
        [bs],
      );
    }
  });
});
