import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type productsEb, type Paged } from '@portal/contract';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { batch, newToken, statuses } from '../integration/kit.ts';
import { checkTable, expectNotFound, getCall, lastPointEnd, orderOf } from './kit.ts';

/** Endpoint backup page calls (orders-eb/, decision 097) on the seeded demo data. */

let t: TestApp;
let customer: string;
const day = 86400;

const get = (path: string, query: Record<string, string | number>, token: string | undefined = customer) =>
  getCall(t, `orders-eb/${path}`, query, token);

/** The customer's endpoint backup orders with agent clients, with (more than a page, the longest history) and without image machines. */
let both: number;
let agentsOnly: number;
/** Another company's order (admin@demo.test's), with its own clients and machines. */
let theirs: number;
let ob: number;
let end: number;
let clients: string[];
let machines: string[];
let theirClient: string;
let theirMachine: string;

const names = (sql: string, order: number) =>
  t.db.query<{ name: string }>(sql, [order]).then((rows) => rows.map((r) => r.name));
const clientsOf = (order: number) =>
  names('SELECT client_name AS name FROM eb_agent_clients WHERE base_order_id = $1 ORDER BY client_name', order);
const machinesOf = (order: number) =>
  names('SELECT vm_name AS name FROM eb_image_machines WHERE base_order_id = $1 ORDER BY vm_name', order);

async function ebOrder(email: string, images: boolean) {
  const row = await t.db.one<{ base_order_id: number }>(
    `SELECT o.base_order_id FROM orders o
      WHERE o.product_cd = 'eb' AND o.order_status_cd = 'A'
        AND o.account_id IN (SELECT au.account_id FROM accounts_users au JOIN users u USING (user_id) WHERE u.email_nm = $1)
        AND EXISTS (SELECT 1 FROM eb_agent_clients c WHERE c.base_order_id = o.base_order_id)
        AND ${images ? '' : 'NOT'} EXISTS (SELECT 1 FROM eb_image_machines m WHERE m.base_order_id = o.base_order_id)
      ORDER BY (SELECT count(*) > 10 FROM eb_image_machines m WHERE m.base_order_id = o.base_order_id) DESC,
               coalesce(o.contract_start_date, o.created_at::date), o.base_order_id
      LIMIT 1`,
    [email],
  );
  if (!row) throw new Error(`no eb order ${images ? 'with' : 'without'} images for ${email}`);
  return row.base_order_id;
}

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn('customer@demo.test');
  both = await ebOrder('customer@demo.test', true);
  agentsOnly = await ebOrder('customer@demo.test', false);
  theirs = await ebOrder('admin@demo.test', true);
  ob = await orderOf(t, 'customer@demo.test', 'ob');
  end = await lastPointEnd(t, both);
  clients = await clientsOf(both);
  machines = await machinesOf(both);
  theirClient = (await clientsOf(theirs))[0]!;
  theirMachine = (await machinesOf(theirs))[0]!;
});
afterAll(() => t.close());

describe('endpoint backup order', () => {
  it('answers both sections with their latest figures, rates and amounts from the billed components', async () => {
    const res = await get('get-order-eb', { baseOrderId: both });
    expect(res.status).toBe(200);
    const order = res.body.data as productsEb.EbOrder;
    expect(order).toMatchObject({ base_order_id: both, product_cd: 'eb', ea_applies: true, ei_applies: true });
    const charge = (prefix: string) => order.charges.find((c) => c.description.startsWith(prefix));
    const licences = charge('Agent-based endpoint licences')!;
    const images = charge('Image-based machine backup')!;
    expect(order.em_applies).toBe(charge('Protected data') !== undefined);
    expect(order.im_applies).toBe(false);
    expect(licences.rate).toBeCloseTo(licences.mrc_charges / licences.quantity, 5);
    expect(order.agent).toMatchObject({
      node_count: clients.length,
      node_count_rate: licences.rate,
      node_count_amount: licences.mrc_charges,
    });
    expect(order.agent!.bytes_protected).toBeGreaterThan(0);
    expect(order.agent!.display_date).toBeGreaterThan(end - 2 * day);
    expect(order.image).toMatchObject({
      vm_count: machines.length,
      vm_count_rate: images.rate,
      vm_count_amount: images.mrc_charges,
      total_gb_rate: 0,
      total_gb_amount: 0,
    });
    // The totals are the objects' sums.
    const sum = await t.db.one<{ agent: number; image: number }>(
      `SELECT (SELECT sum(total_bytes_protected)::float8 FROM eb_agent_clients WHERE base_order_id = $1) AS agent,
              (SELECT sum(total_local_storage_bytes)::float8 FROM eb_image_machines WHERE base_order_id = $1) AS image`,
      [both],
    );
    expect(order.agent!.bytes_protected).toBe(sum!.agent);
    expect(order.image!.total_bytes).toBe(sum!.image);
  });

  it('answers no image section for an order that bills agents only', async () => {
    const order = (await get('get-order-eb', { baseOrderId: agentsOnly })).body.data as productsEb.EbOrder;
    expect(order).toMatchObject({ ea_applies: true, ei_applies: false, im_applies: false, image: null });
    expect(order.agent!.node_count).toBe((await clientsOf(agentsOnly)).length);
    const stats = (await get('get-eb-stats', { baseOrderId: agentsOnly, startDate: end - 30 * day, endDate: end })).body
      .data as productsEb.EbStats;
    expect(stats.image).toBeNull();
    checkTable(stats.agent!.node_count, ['Endpoints']);
  });

  it('answers the agent and image timelines of a range', async () => {
    const res = await get('get-eb-stats', { baseOrderId: both, startDate: end - 30 * day, endDate: end });
    expect(res.status).toBe(200);
    const stats = res.body.data as productsEb.EbStats;
    checkTable(stats.agent!.node_count, ['Endpoints']);
    checkTable(stats.agent!.bytes_protected, ['Protected data']);
    checkTable(stats.image!.vm_count, ['Machines']);
    checkTable(stats.image!.total_bytes, ['Local storage']);
    expect(stats.agent!.node_count.length).toBeGreaterThan(25);
    expect(stats.agent!.node_count.at(-1)?.[1]).toBe(clients.length);
    // 90 days and more are there, on an order that is that old (the one above may have started since).
    const oldest = await t.db.one<{ base_order_id: number }>(
      `SELECT o.base_order_id FROM orders o
        WHERE o.product_cd = 'eb' AND o.order_status_cd = 'A'
          AND EXISTS (SELECT 1 FROM eb_image_machines m WHERE m.base_order_id = o.base_order_id)
          AND o.account_id IN (SELECT au.account_id FROM accounts_users au JOIN users u USING (user_id) WHERE u.email_nm = $1)
        ORDER BY coalesce(o.contract_start_date, o.created_at::date), o.base_order_id LIMIT 1`,
      ['customer@demo.test'],
    );
    const long = (
      await get('get-eb-stats', { baseOrderId: oldest!.base_order_id, startDate: end - 120 * day, endDate: end })
    ).body.data as productsEb.EbStats;
    expect(long.image!.total_bytes.length).toBeGreaterThan(90);
  });
});

describe('agent clients and image machines', () => {
  it('pages the agent clients by name, 10 a page; a page past the end answers the last', async () => {
    expect(clients.length).toBeGreaterThan(10);
    const first = (await get('get-eb-agent-clients', { baseOrderId: both })).body.data as Paged<productsEb.AgentClient>;
    expect(first).toMatchObject({
      current_page: 1,
      per_page: 10,
      total: clients.length,
      last_page: Math.ceil(clients.length / 10),
    });
    expect(first.data.map((c) => c.client_name)).toEqual(clients.slice(0, 10));
    const client = first.data[0]!;
    expect(client.os).not.toBe('');
    expect(client.agent_version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(client.backup_count).toBeGreaterThan(0);
    expect(['ok', 'warning', 'error']).toContain(client.last_backup_status);
    const last = (await get('get-eb-agent-clients', { baseOrderId: both, page: 99 })).body
      .data as Paged<productsEb.AgentClient>;
    expect(last.current_page).toBe(first.last_page);
    expect(last.data.map((c) => c.client_name)).toEqual(clients.slice((first.last_page - 1) * 10));
    const small = (await get('get-eb-agent-clients', { baseOrderId: both, perPage: 5, page: 2 })).body
      .data as Paged<productsEb.AgentClient>;
    expect(small.data.map((c) => c.client_name)).toEqual(clients.slice(5, 10));
  });

  it('pages the image machines by name, 10 a page', async () => {
    expect(machines.length).toBeGreaterThan(10);
    const first = (await get('get-eb-image-machines', { baseOrderId: both })).body
      .data as Paged<productsEb.ImageMachine>;
    expect(first).toMatchObject({ per_page: 10, total: machines.length, last_page: Math.ceil(machines.length / 10) });
    expect(first.data.map((m) => m.vm_name)).toEqual(machines.slice(0, 10));
    expect(first.data[0]!.total_snapshots).toBeGreaterThan(0);
    const second = (await get('get-eb-image-machines', { baseOrderId: both, page: 2 })).body
      .data as Paged<productsEb.ImageMachine>;
    expect(second.data.map((m) => m.vm_name)).toEqual(machines.slice(10));
    const none = (await get('get-eb-image-machines', { baseOrderId: agentsOnly })).body
      .data as Paged<productsEb.ImageMachine>;
    expect(none).toMatchObject({ total: 0, last_page: 0, data: [] });
  });

  it('answers one agent client and its protected bytes and backups per day', async () => {
    const clientName = clients[0]!;
    const res = await get('get-eb-agent-client', { baseOrderId: both, clientName });
    expect(res.status).toBe(200);
    const client = res.body.data as productsEb.AgentClient;
    expect(client.client_name).toBe(clientName);
    const stats = await get('get-eb-agent-client-stats', {
      baseOrderId: both,
      clientName,
      startDate: end - 30 * day,
      endDate: end,
    });
    expect(stats.status).toBe(200);
    const data = stats.body.data as productsEb.AgentClientStats;
    checkTable(data.bytes_protected, ['Protected data']);
    checkTable(data.backups, ['Completed', 'Failed']);
    expect(data.bytes_protected.at(-1)?.[1]).toBe(client.total_bytes_protected);
  });

  it('answers one image machine and its storage and snapshots per day', async () => {
    const vmName = machines[0]!;
    const machine = (await get('get-eb-image-machine', { baseOrderId: both, vmName })).body
      .data as productsEb.ImageMachine;
    expect(machine.vm_name).toBe(vmName);
    const data = (
      await get('get-eb-image-machine-stats', { baseOrderId: both, vmName, startDate: end - 30 * day, endDate: end })
    ).body.data as productsEb.ImageMachineStats;
    checkTable(data.local_storage, ['Local storage']);
    checkTable(data.snapshots, ['Taken', 'Missed']);
    expect(data.local_storage.at(-1)?.[1]).toBe(machine.total_local_storage_bytes);
  });
});

describe('refusals', () => {
  const range = () => ({ startDate: end - day, endDate: end });

  it('refuses bad input with field messages', async () => {
    const bad = await get('get-eb-stats', { baseOrderId: both, startDate: 100, endDate: 50 });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { endDate: ['The end must be after the start.'] },
    });
    const badPage = await get('get-eb-agent-clients', { baseOrderId: 'x', perPage: 0 });
    expect(badPage.body.data).toEqual({
      baseOrderId: ['This value should be a valid integer.'],
      perPage: ['This value should be greater than or equal to 1.'],
    });
    const noName = await get('get-eb-agent-client', { baseOrderId: both, clientName: '  ' });
    expect(noName.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { clientName: ['This value is required.'] } });
    const longName = await get('get-eb-image-machine-stats', {
      baseOrderId: both,
      vmName: 'v'.repeat(201),
      ...range(),
    });
    expect(longName.body.data).toEqual({ vmName: ['too long'] });
  });

  const calls = (
    order: number,
    client = clients[0]!,
    vm = machines[0]!,
  ): [string, Record<string, string | number>][] => [
    ['get-order-eb', { baseOrderId: order }],
    ['get-eb-stats', { baseOrderId: order, ...range() }],
    ['get-eb-agent-clients', { baseOrderId: order }],
    ['get-eb-image-machines', { baseOrderId: order }],
    ['get-eb-agent-client', { baseOrderId: order, clientName: client }],
    ['get-eb-agent-client-stats', { baseOrderId: order, clientName: client, ...range() }],
    ['get-eb-image-machine', { baseOrderId: order, vmName: vm }],
    ['get-eb-image-machine-stats', { baseOrderId: order, vmName: vm, ...range() }],
  ];

  it('refuses every call without a token', async () => {
    for (const [path, query] of calls(both)) {
      const res = await get(path, query, '');
      expect(res.status, path).toBe(401);
      expect(res.body.code).toBe('INVALID_TOKEN');
    }
  });

  it("answers NOT_FOUND for another customer's order, objects, and an order of another product", async () => {
    for (const [path, query] of calls(theirs, theirClient, theirMachine)) expectNotFound(await get(path, query));
    for (const [path, query] of calls(ob)) expectNotFound(await get(path, query));
    // Another company's client and machine names on the caller's own order, and names that exist nowhere.
    expectNotFound(await get('get-eb-agent-client', { baseOrderId: both, clientName: theirClient }));
    expectNotFound(await get('get-eb-image-machine', { baseOrderId: both, vmName: theirMachine }));
    expectNotFound(await get('get-eb-agent-client-stats', { baseOrderId: both, clientName: 'nobody', ...range() }));
    expectNotFound(await get('get-eb-image-machine-stats', { baseOrderId: both, vmName: 'nothing', ...range() }));
    // The other company's sign-in sees its own.
    const admin = await t.signIn(demoEmails.admin);
    const own = await get('get-eb-agent-client', { baseOrderId: theirs, clientName: theirClient }, admin);
    expect(own.status).toBe(200);
  });
});

describe('fed through the product-objects collection', () => {
  const agent = (order: string, key: string, backups = 12) => ({
    order_number: order,
    kind: 'endpoint_agent',
    object_key: key,
    attributes: {
      os: 'Windows 11 Pro 23H2',
      agent_version: '7.5.1',
      total_bytes_protected: 52_000_000_000,
      backup_count: backups,
      failed_backup_count: 1,
      last_backup: '2026-11-20T21:15:00+01:00',
      last_backup_status: 'warning',
    },
  });
  const machine = (order: string, key: string, storage = 300_000_000_000) => ({
    order_number: order,
    kind: 'endpoint_image_machine',
    object_key: key,
    attributes: {
      os: 'Windows Server 2022',
      total_local_storage_bytes: storage,
      total_snapshots: 40,
      missed_snapshots: 0,
    },
  });

  it('creates, keeps and updates agent clients and image machines, which show on the page', async () => {
    const token = (await newToken(t, await t.signIn(demoEmails.staff3))).token;
    const numbers = await t.db.query<{ base_order_id: number; order_number: string }>(
      'SELECT base_order_id, order_number FROM orders WHERE base_order_id = ANY($1)',
      [[both, ob]],
    );
    const number = (id: number) => numbers.find((n) => n.base_order_id === id)!.order_number;
    const run = async (items: unknown[]) => (await batch(t, token, 'product-objects', items)).results;

    const items = [agent(number(both), 'FED-LT-001'), machine(number(both), 'fed-app01')];
    expect(statuses(await run(items))).toEqual(['created', 'created']);
    expect(statuses(await run(items))).toEqual(['unchanged', 'unchanged']);
    expect(statuses(await run([agent(number(both), 'FED-LT-001', 13), machine(number(both), 'fed-app01', 1)]))).toEqual(
      ['updated', 'updated'],
    );

    const client = (await get('get-eb-agent-client', { baseOrderId: both, clientName: 'FED-LT-001' })).body
      .data as productsEb.AgentClient;
    expect(client).toEqual({
      client_name: 'FED-LT-001',
      os: 'Windows 11 Pro 23H2',
      agent_version: '7.5.1',
      total_bytes_protected: 52_000_000_000,
      backup_count: 13,
      failed_backup_count: 1,
      last_backup: Date.parse('2026-11-20T20:15:00Z') / 1000,
      last_backup_status: 'warning',
    });
    const fed = (await get('get-eb-image-machine', { baseOrderId: both, vmName: 'fed-app01' })).body
      .data as productsEb.ImageMachine;
    expect(fed).toMatchObject({ total_local_storage_bytes: 1, last_snapshot: null, last_snapshot_status: null });
    const page = (await get('get-eb-agent-clients', { baseOrderId: both, perPage: 100 })).body
      .data as Paged<productsEb.AgentClient>;
    expect(page.data.map((c) => c.client_name)).toContain('FED-LT-001');

    const refused = await run([
      {
        ...agent(number(both), 'FED-LT-002'),
        attributes: { ...agent('', '').attributes, backup_count: -1, last_backup: 'yesterday' },
      },
      { ...machine(number(both), 'fed-app02'), attributes: { os: '' } },
      agent(number(ob), 'FED-LT-003'),
    ]);
    expect(refused.map((r) => r.errors)).toEqual([
      {
        'attributes.backup_count': ['This value should be greater than or equal to 0.'],
        'attributes.last_backup': ['This value should be an RFC 3339 time (2026-01-31T12:00:00Z).'],
      },
      {
        'attributes.os': ['This value is required.'],
        'attributes.total_local_storage_bytes': ['This value should be a valid integer.'],
        'attributes.total_snapshots': ['This value should be a valid integer.'],
        'attributes.missed_snapshots': ['This value should be a valid integer.'],
      },
      { kind: ["This kind of object is not shown on this order's product page."] },
    ]);
  });
});
