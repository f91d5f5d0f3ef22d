import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { NetworkOrder, productsRp } from '@portal/contract';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { getCall } from '../products/kit.ts';
import { batch, newToken, statuses } from './kit.ts';

/**
 * The product-objects collection (decision 094): each kind stored where its product page reads it,
 * keyed by order + kind + object_key, attributes checked per kind. The steps every collection shares
 * are also in collections.test.ts.
 */

let t: TestApp;
let token: string;
const run = async (items: unknown[]) => (await batch(t, token, 'product-objects', items)).results;

const bucket = (order: string, key: string, size = 1024) => ({
  order_number: order,
  kind: 'storage_bucket',
  object_key: key,
  attributes: { size_bytes: size, num_objects: 2 },
});
const iface = (order: string, key: string, speed = 1_000_000_000) => ({
  order_number: order,
  kind: 'network_interface',
  object_key: key,
  attributes: { name: 'ge-0/0/1', alias: 'Uplink to DC', snmpiftype: 6, speed_bps: speed },
});
const backup = (order: string, key: string, title = 'File server') => ({
  order_number: order,
  kind: 'managed_backup',
  object_key: key,
  attributes: { title },
});

const row = (sql: string, params: unknown[]) => t.db.one<Record<string, unknown>>(sql, params);

beforeAll(async () => {
  t = await createTestApp();
  token = (await newToken(t, await t.signIn(demoEmails.staff3))).token;
  // Two companies, each with an object storage, a network, a backup and a resource pool order.
  const setup: [string, unknown[]][] = [
    [
      'accounts',
      [
        { account_number: 'PO-A', name: 'Alpha', company: 'AlphaCo' },
        { account_number: 'PO-B', name: 'Beta', company: 'BetaCo' },
      ],
    ],
    [
      'products',
      ['ob', 'network', 'bs', 'resource-pool'].map((controller) => ({
        product_cd: `PO-${controller}`,
        product: controller,
        short_product_name: controller,
        product_group: 'Objects',
        product_controller: controller,
      })),
    ],
    [
      'orders',
      ['A', 'B'].flatMap((company) =>
        ['ob', 'network', 'bs', 'resource-pool'].map((controller) => ({
          order_number: `PO-${company}-${controller}`,
          account_number: `PO-${company}`,
          product_cd: `PO-${controller}`,
        })),
      ),
    ],
  ];
  for (const [collection, items] of setup)
    expect(statuses((await batch(t, token, collection, items)).results).every((s) => s === 'created')).toBe(true);
});
afterAll(() => t.close());

describe('product-objects batch', () => {
  it('creates each kind where its page reads it, answers unchanged on repeat, then updates', async () => {
    const items = [
      iface('PO-A-network', '7'),
      bucket('PO-A-ob', 'logs'),
      {
        order_number: 'PO-A-resource-pool',
        kind: 'resource_pool_vm',
        object_key: 'web-01',
        attributes: { memory_bytes: 8_589_934_592, number_of_cpus: 4 },
      },
      { order_number: 'PO-A-resource-pool', kind: 'storage_profile', object_key: 'gold' },
      backup('PO-A-bs', 'hash-1'),
    ];
    expect(await run(items)).toEqual(
      ['7', 'logs', 'web-01', 'gold', 'hash-1'].map((key) => ({ key, status: 'created' })),
    );
    expect(statuses(await run(items))).toEqual(items.map(() => 'unchanged'));

    expect(
      await row(
        `SELECT i.name, i.alias, i.snmpiftype, i.speed_bps::text AS speed_bps FROM network_interfaces i
           JOIN orders o USING (base_order_id) WHERE o.order_number = 'PO-A-network' AND i.object_key = '7'`,
        [],
      ),
    ).toEqual({ name: 'ge-0/0/1', alias: 'Uplink to DC', snmpiftype: 6, speed_bps: '1000000000' });
    expect(
      await row(
        `SELECT v.memory_bytes::text AS memory_bytes, v.number_of_cpus FROM resource_pool_vms v
           JOIN orders o USING (base_order_id) WHERE o.order_number = 'PO-A-resource-pool' AND v.name = 'web-01'`,
        [],
      ),
    ).toEqual({ memory_bytes: '8589934592', number_of_cpus: 4 });
    expect(
      await row(
        `SELECT count(*)::int AS n FROM storage_profiles p JOIN orders o USING (base_order_id)
          WHERE o.order_number = 'PO-A-resource-pool' AND p.object_key = 'gold'`,
        [],
      ),
    ).toEqual({ n: 1 });

    const changed = [
      iface('PO-A-network', '7', 10_000_000_000),
      bucket('PO-A-ob', 'logs', 4096),
      backup('PO-A-bs', 'hash-1', 'SQL database'),
      { ...iface('PO-A-network', '7'), attributes: { name: 'ge-0/0/1', snmpiftype: 6, speed_bps: 1 } },
    ];
    expect(statuses(await run(changed.slice(0, 3)))).toEqual(['updated', 'updated', 'updated']);
    expect(statuses(await run(changed.slice(0, 3)))).toEqual(['unchanged', 'unchanged', 'unchanged']);
    // An optional attribute left out is cleared.
    expect(statuses(await run(changed.slice(3)))).toEqual(['updated']);
    expect(
      await row(
        `SELECT b.size::text AS size FROM ob_buckets b JOIN orders o USING (base_order_id)
          WHERE o.order_number = 'PO-A-ob' AND b.bucket = 'logs'`,
        [],
      ),
    ).toEqual({ size: '4096' });
    expect(
      await row(
        `SELECT i.alias, i.speed_bps::int AS speed_bps FROM network_interfaces i JOIN orders o USING (base_order_id)
          WHERE o.order_number = 'PO-A-network'`,
        [],
      ),
    ).toEqual({ alias: null, speed_bps: 1 });
    expect(
      await row(
        `SELECT b.title FROM bs_managed_backups b JOIN orders o USING (base_order_id)
          WHERE o.order_number = 'PO-A-bs' AND b.resource_hash = 'hash-1'`,
        [],
      ),
    ).toEqual({ title: 'SQL database' });
  });

  it('refuses invalid items, unknown orders and kinds the page does not show, applies the valid one beside them', async () => {
    const results = await run([
      // Attributes of another kind.
      { ...iface('PO-A-network', '8'), attributes: { size_bytes: 1, num_objects: 1 } },
      bucket('PO-A-ob', 'beside'),
      { ...bucket('PO-A-ob', 'bad'), attributes: { size_bytes: 1.5, num_objects: -1 } },
      { ...bucket('PO-A-ob', 'x'), kind: 'toaster' },
      // The network page addresses interfaces by their decimal ifIndex.
      iface('PO-A-network', 'eth0'),
      bucket('NOPE', 'lost'),
      // A bucket on a network order: the network page shows no buckets.
      bucket('PO-A-network', 'misplaced'),
    ]);
    expect(results).toEqual([
      {
        key: '8',
        status: 'invalid',
        errors: {
          'attributes.name': ['This value is required.'],
          'attributes.num_objects': ['This field is not part of the product-objects collection.'],
          'attributes.size_bytes': ['This field is not part of the product-objects collection.'],
          'attributes.snmpiftype': ['This value should be a valid integer.'],
          'attributes.speed_bps': ['This value should be a valid integer.'],
        },
      },
      { key: 'beside', status: 'created' },
      {
        key: 'bad',
        status: 'invalid',
        errors: {
          'attributes.size_bytes': ['This value should be a valid integer.'],
          'attributes.num_objects': ['This value should be greater than or equal to 0.'],
        },
      },
      { key: 'x', status: 'invalid', errors: { kind: ['This value is not valid.'] } },
      { key: 'eth0', status: 'invalid', errors: { object_key: ['This value should be digits.'] } },
      { key: 'lost', status: 'invalid', errors: { order_number: ['No order has this number.'] } },
      {
        key: 'misplaced',
        status: 'invalid',
        errors: { kind: ["This kind of object is not shown on this order's product page."] },
      },
    ]);
    // The refused items wrote nothing.
    expect(
      await row(`SELECT count(*)::int AS n FROM ob_buckets WHERE bucket IN ('bad', 'x', 'lost', 'misplaced')`, []),
    ).toEqual({ n: 0 });
    expect(
      await row(`SELECT count(*)::int AS n FROM network_interfaces WHERE object_key IN ('8', 'eth0')`, []),
    ).toEqual({ n: 0 });
  });

  it("never touches another company's order: the same key on two orders is two objects", async () => {
    expect(
      statuses(await run([bucket('PO-B-ob', 'shared', 10), backup('PO-B-bs', 'hash-shared', 'B backup')])),
    ).toEqual(['created', 'created']);
    const before = await t.db.query(
      `SELECT b.* FROM ob_buckets b JOIN orders o USING (base_order_id) WHERE o.order_number = 'PO-B-ob'`,
    );
    const backupsBefore = await t.db.query(
      `SELECT b.* FROM bs_managed_backups b JOIN orders o USING (base_order_id) WHERE o.order_number = 'PO-B-bs'`,
    );
    expect(
      statuses(await run([bucket('PO-A-ob', 'shared', 99), backup('PO-A-bs', 'hash-shared', 'A backup')])),
    ).toEqual(['created', 'created']);
    // A key twice in one batch is refused (issue 34): the change comes in a batch of its own.
    expect(
      statuses(await run([bucket('PO-A-ob', 'shared', 100), backup('PO-A-bs', 'hash-shared', 'A backup, renamed')])),
    ).toEqual(['updated', 'updated']);
    expect(
      await t.db.query(
        `SELECT b.* FROM ob_buckets b JOIN orders o USING (base_order_id) WHERE o.order_number = 'PO-B-ob'`,
      ),
    ).toEqual(before);
    expect(
      await t.db.query(
        `SELECT b.* FROM bs_managed_backups b JOIN orders o USING (base_order_id) WHERE o.order_number = 'PO-B-bs'`,
      ),
    ).toEqual(backupsBefore);
    expect(
      await row(
        `SELECT b.title FROM bs_managed_backups b JOIN orders o USING (base_order_id)
          WHERE o.order_number = 'PO-A-bs' AND b.resource_hash = 'hash-shared'`,
        [],
      ),
    ).toEqual({ title: 'A backup, renamed' });
  });
});

describe('objects fed through the collection show on their product pages', () => {
  /** The customer's first active order of a controller, by number and id. */
  const customersOrder = async (controller: string) => {
    const found = await t.db.one<{ order_number: string; base_order_id: number }>(
      `SELECT o.order_number, o.base_order_id FROM orders o JOIN products p ON p.product_cd = o.product_cd
        WHERE p.product_controller = $1 AND o.order_status_cd = 'A'
          AND o.account_id IN (SELECT au.account_id FROM accounts_users au JOIN users u USING (user_id)
                                WHERE u.email_nm = 'customer@demo.test')
        ORDER BY o.base_order_id LIMIT 1`,
      [controller],
    );
    if (!found) throw new Error(`no ${controller} order`);
    return found;
  };

  it('a bucket, a resource pool VM and a managed backup', async () => {
    const customer = await t.signIn('customer@demo.test');
    const [ob, rp, bs] = await Promise.all(['ob', 'resource-pool', 'bs'].map(customersOrder));
    expect(
      statuses(
        await run([
          bucket(ob!.order_number, 'fed-bucket', 123_456_789),
          {
            order_number: rp!.order_number,
            kind: 'resource_pool_vm',
            object_key: 'fed-vm',
            attributes: { memory_bytes: 2_147_483_648, number_of_cpus: 2 },
          },
          backup(bs!.order_number, 'fed-hash', 'Fed backup'),
        ]),
      ),
    ).toEqual(['created', 'created', 'created']);

    const buckets = await getCall(
      t,
      'orders-ob/get-buckets',
      { baseOrderId: ob!.base_order_id, search_bucket: 'fed-' },
      customer,
    );
    expect(buckets.status).toBe(200);
    expect((buckets.body.data as { data: unknown[] }).data).toEqual([
      { bucket: 'fed-bucket', size: 123_456_789, num_objects: 2 },
    ]);

    const vms = await getCall(
      t,
      'resource-pools/get-resource-pool-vms',
      { baseOrderId: rp!.base_order_id, search_all: 'fed-' },
      customer,
    );
    expect(vms.status).toBe(200);
    expect((vms.body.data as { data: unknown[] }).data).toEqual([
      { name: 'fed-vm', memory_bytes: 2_147_483_648, number_of_cpus: 2 },
    ]);

    const now = Math.floor(Date.now() / 1000);
    const backups = await getCall(
      t,
      'orders-bs/get-bs-managed-backups',
      { baseOrderId: bs!.base_order_id, startDate: now - 86400 * 30, endDate: now },
      customer,
    );
    expect(backups.status).toBe(200);
    expect(
      (backups.body.data as { resource_id: string; title: string }[]).filter((b) => b.resource_id === 'fed-hash'),
    ).toMatchObject([{ resource_id: 'fed-hash', title: 'Fed backup', last_backup: null }]);
  });

  it('an interface (name, alias, type and speed as fed) and a storage profile, before any point arrives', async () => {
    const customer = await t.signIn('customer@demo.test');
    const [network, rp] = await Promise.all(['network', 'resource-pool'].map(customersOrder));
    const listed = async () =>
      (
        (await getCall(t, 'network/get-network-order', { baseOrderId: network!.base_order_id }, customer)).body
          .data as NetworkOrder
      ).interfaces;
    const before = await listed();
    expect(
      statuses(
        await run([
          {
            order_number: network!.order_number,
            kind: 'network_interface',
            object_key: '4100',
            attributes: { name: 'Tunnel7', alias: 'Branch office', snmpiftype: 131, speed_bps: 50_000_000 },
          },
          { order_number: rp!.order_number, kind: 'storage_profile', object_key: 'archive' },
        ]),
      ),
    ).toEqual(['created', 'created']);
    const after = await listed();
    expect(after.length).toBe(before.length + 1);
    expect(after.find((i) => i.snmpinterface_id === 4100)).toEqual({
      snmpinterface_id: 4100,
      snmpiftype: 131,
      multi_interface_alias: 'Branch office',
      name: 'Tunnel7',
      speed_bps: 50_000_000,
    });
    const day = Math.floor(Date.now() / 1000);
    // Its type decides its charts: a tunnel (131) has bits only, and no points yet make an empty table.
    const range = {
      baseOrderId: network!.base_order_id,
      interfaceId: 4100,
      startDate: day - 86400,
      endDate: day,
    };
    const bits = await getCall(t, 'network/get-network-stats', { ...range, chartType: 'bits' }, customer);
    expect(bits.status).toBe(200);
    expect((bits.body.data as unknown[])[0]).toEqual(['Time', 'In bits', 'Out bits']);
    const packets = await getCall(t, 'network/get-network-stats', { ...range, chartType: 'packets' }, customer);
    expect(packets.body.code).toBe('NETWORK_STATS_NOT_FOUND');
    const csv = await getCall(t, 'network/download-network-stats', { ...range, chartType: 'bits' }, customer);
    expect(csv.headers['content-disposition']).toContain('network-4100-Tunnel7-bits.csv');

    const pool = await getCall(
      t,
      'resource-pools/get-resource-pool-order',
      { baseOrderId: rp!.base_order_id },
      customer,
    );
    expect(pool.status).toBe(200);
    expect((pool.body.data as productsRp.ResourcePoolOrder).storage_profiles).toContainEqual({
      name: 'archive',
      bytes_used: 0,
      bytes_limit: 0,
    });
    const charts = await getCall(
      t,
      'resource-pools/get-resource-pool-stats',
      { baseOrderId: rp!.base_order_id, start: day - 86400, end: day },
      customer,
    );
    expect((charts.body.data as { key: string }[]).map((c) => c.key)).toContain('storage:archive');

    // Another company's customer sees neither.
    const other = await t.signIn('admin@demo.test');
    expect(
      (await getCall(t, 'network/get-network-order', { baseOrderId: network!.base_order_id }, other)).body.code,
    ).toBe('NOT_FOUND');
  });
});
