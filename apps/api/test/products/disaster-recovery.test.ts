import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { DsObjectStats, DsOrder, DsStats, DsVm, DsVmDetail, DsVpg, Paged } from '@portal/contract';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { batch, newToken } from '../integration/kit.ts';
import { checkTable, components, expectNotFound, getCall, lastPointEnd, orderOf } from './kit.ts';

/** Disaster recovery page calls (orders-ds/, decision 096) on the seeded demo data and on fed objects. */

let t: TestApp;
let customer: string;
const get = (path: string, query: Record<string, string | number>, token: string | undefined = customer) =>
  getCall(t, `orders-ds/${path}`, query, token);

const day = 86400;
let ds: number;
let theirs: number;
let ob: number;
let end: number;
let order: DsOrder;
let theirVpg: number;
let theirVm: number;

const idOf = async (sql: string, params: unknown[]) => (await t.db.one<{ id: number }>(sql, params))?.id as number;

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn(demoEmails.customer);
  ds = await orderOf(t, demoEmails.customer, 'ds');
  theirs = await orderOf(t, demoEmails.customer, 'ds', true);
  ob = await orderOf(t, demoEmails.customer, 'ob');
  end = await lastPointEnd(t, ds);
  order = (await get('get-order-ds', { baseOrderId: ds })).body.data as DsOrder;
  theirVpg = await idOf('SELECT vpg_id AS id FROM dr_protection_groups WHERE base_order_id = $1 LIMIT 1', [theirs]);
  theirVm = await idOf('SELECT vm_id AS id FROM dr_vms WHERE base_order_id = $1 LIMIT 1', [theirs]);
});
afterAll(() => t.close());

describe('disaster recovery order', () => {
  it('answers VM and protection group counts, storage and the per-VM rate of the billed component', async () => {
    expect(order.base_order_id).toBe(ds);
    const vmComponent = (await components(t, ds)).find((c) => c.description.startsWith('Protected virtual machines'));
    expect(vmComponent).toBeDefined();
    // One VM per unit billed, and the rate is the component's charge over its quantity.
    expect(order.vms_count).toBe(Number(vmComponent?.quantity));
    expect(order.per_vm_rate).toBeCloseTo(Number(vmComponent?.mrc_charges) / Number(vmComponent?.quantity), 4);
    expect(order.vpgs_count).toBeGreaterThanOrEqual(2);
    expect(order.vpgs).toHaveLength(order.vpgs_count);
    expect(order.vpgs.reduce((n, g) => n + g.vms_count, 0)).toBe(order.vms_count);
    expect(order.recovery_volumes_provisioned_storage).toBeGreaterThan(order.recovery_volumes_used_storage);
    expect(order.recovery_journal_used_storage).toBeGreaterThan(0);
    expect(order.run_date).toBe(end - 60);
  });

  it('answers storage, count and per-group RPO charts, bounded, agreeing with the order', async () => {
    const res = await get('get-ds-stats', { baseOrderId: ds, startDate: end - 30 * day, endDate: end });
    expect(res.status).toBe(200);
    const stats = res.body.data as DsStats;
    checkTable(stats.storage, ['Provisioned', 'Used', 'Journal']);
    checkTable(stats.counts, ['VMs', 'Protection groups']);
    checkTable(
      stats.rpo,
      order.vpgs.map((g) => g.vpg_name),
    );
    expect(stats.storage.length).toBe(31);
    expect(stats.storage.at(-1)?.slice(1)).toEqual([
      order.recovery_volumes_provisioned_storage,
      order.recovery_volumes_used_storage,
      order.recovery_journal_used_storage,
    ]);
    expect(stats.counts.at(-1)?.slice(1)).toEqual([order.vms_count, order.vpgs_count]);
    // Three months of days are delivered as three months.
    const quarter = (await get('get-ds-stats', { baseOrderId: ds, startDate: end - 90 * day, endDate: end })).body
      .data as DsStats;
    expect(quarter.storage.length).toBe(91);
  });
});

describe('protected VMs', () => {
  it('pages the VMs 10 at a time, by protection group and name, with their latest facts', async () => {
    const first = (await get('get-vms', { baseOrderId: ds })).body.data as Paged<DsVm>;
    expect(first).toMatchObject({ current_page: 1, per_page: 10, total: order.vms_count });
    expect(first.last_page).toBe(Math.ceil(order.vms_count / 10));
    expect(first.data).toHaveLength(Math.min(10, order.vms_count));
    const second = (await get('get-vms', { baseOrderId: ds, page: 2 })).body.data as Paged<DsVm>;
    expect(second.data.length).toBe(Math.min(10, order.vms_count - 10));
    const ids = new Set([...first.data, ...second.data].map((v) => v.vm_id));
    expect(ids.size).toBe(first.data.length + second.data.length);
    const vm = first.data[0] as DsVm;
    expect(vm.vpg).toBe(order.vpgs[0]?.vpg_name);
    expect(vm.actual_rpo).toBeGreaterThan(0);
    expect(vm.provisioned_storage).toBeGreaterThanOrEqual(vm.used_storage ?? Infinity);
    expect(vm.journal_size_used).toBeGreaterThan(0);
  });

  it('narrows the VMs to one protection group; another order’s group is NOT_FOUND', async () => {
    const group = order.vpgs[1]!;
    const page = (await get('get-vms', { baseOrderId: ds, vpgId: group.vpg_id, perPage: 100 })).body
      .data as Paged<DsVm>;
    expect(page.total).toBe(group.vms_count);
    expect(new Set(page.data.map((v) => v.vpg_id))).toEqual(new Set([group.vpg_id]));
    expectNotFound(await get('get-vms', { baseOrderId: ds, vpgId: theirVpg }));
    expectNotFound(await get('download-vms', { baseOrderId: ds, vpgId: theirVpg }));
  });

  it('downloads the VMs as CSV, all of them or one group’s', async () => {
    const csv = await get('download-vms', { baseOrderId: ds });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`disaster-recovery-vms-${ds}.csv`);
    const lines = csv.raw.trim().split('\r\n');
    expect(lines[0]).toBe(
      'VM,Protection group,Actual RPO (seconds),Journal used (bytes),Provisioned storage (bytes),Used storage (bytes)',
    );
    expect(lines).toHaveLength(order.vms_count + 1);
    const vm = ((await get('get-vms', { baseOrderId: ds })).body.data as Paged<DsVm>).data[0]!;
    expect(lines[1]).toBe(
      [vm.vm_name, vm.vpg, vm.actual_rpo, vm.journal_size_used, vm.provisioned_storage, vm.used_storage].join(','),
    );
    const group = order.vpgs[0]!;
    const one = await get('download-vms', { baseOrderId: ds, vpgId: group.vpg_id });
    expect(one.raw.trim().split('\r\n')).toHaveLength(group.vms_count + 1);
  });
});

describe('protection group and VM pages', () => {
  it('answers a protection group with its facts and charts', async () => {
    const group = order.vpgs[0]!;
    const res = await get('get-vpg', { vpgId: group.vpg_id });
    expect(res.status).toBe(200);
    const vpg = res.body.data as DsVpg;
    expect(vpg).toMatchObject({ vpg_id: group.vpg_id, base_order_id: ds, vpg_name: group.vpg_name });
    expect(vpg.vms_count).toBe(group.vms_count);
    expect([60, 120, 300]).toContain(vpg.configured_rpo);
    expect(vpg.actual_rpo).toBeGreaterThan(0);
    expect(vpg.provisioned_storage).toBeGreaterThan(0);
    const stats = (await get('get-vpg-stats', { vpgId: group.vpg_id, startDate: end - 30 * day, endDate: end })).body
      .data as DsObjectStats;
    checkTable(stats.storage, ['Provisioned', 'Used', 'Journal']);
    checkTable(stats.rpo, ['Actual RPO']);
    expect(stats.rpo.at(-1)?.[1]).toBe(vpg.actual_rpo);
    expect(stats.storage.at(-1)?.[1]).toBe(vpg.provisioned_storage);
  });

  it('answers a VM with its facts and charts', async () => {
    const listed = ((await get('get-vms', { baseOrderId: ds })).body.data as Paged<DsVm>).data[0]!;
    const res = await get('get-vm', { vmId: listed.vm_id });
    expect(res.status).toBe(200);
    const vm = res.body.data as DsVmDetail;
    expect(vm).toMatchObject({ ...listed, base_order_id: ds });
    expect(vm.configured_rpo).toBeGreaterThan(0);
    const stats = (await get('get-vm-stats', { vmId: vm.vm_id, startDate: end - 30 * day, endDate: end })).body
      .data as DsObjectStats;
    checkTable(stats.storage, ['Provisioned', 'Used', 'Journal']);
    checkTable(stats.rpo, ['Actual RPO']);
    expect(stats.storage.at(-1)?.slice(1)).toEqual([vm.provisioned_storage, vm.used_storage, vm.journal_size_used]);
  });
});

describe('refusals', () => {
  it('answers bad input with field messages', async () => {
    const range = await get('get-ds-stats', { baseOrderId: ds, startDate: 100, endDate: 50 });
    expect(range.status).toBe(422);
    expect(range.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { endDate: ['The end must be after the start.'] },
    });
    const paging = await get('get-vms', { baseOrderId: ds, perPage: 0, vpgId: 'x' });
    expect(paging.body.code).toBe('VALIDATION_ERROR');
    expect(paging.body.data).toEqual({
      perPage: ['This value should be greater than or equal to 1.'],
      vpgId: ['This value should be a valid integer.'],
    });
    const ids = await get('get-vm-stats', { vmId: 'vm-1', startDate: 0, endDate: 10 });
    expect(ids.body.data).toEqual({ vmId: ['This value should be a valid integer.'] });
    const long = await get('get-vpg-stats', { vpgId: 1, startDate: 0, endDate: 900 * day });
    expect(long.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { endDate: ['The range is too long.'] } });
    expect((await get('get-vpg', {})).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { vpgId: ['This value should be a valid integer.'] },
    });
  });

  it('answers INVALID_TOKEN without a token and NOT_FOUND for another customer’s order, group or VM', async () => {
    const range = { startDate: end - day, endDate: end };
    const calls: [string, Record<string, number>, Record<string, number>][] = [
      ['get-order-ds', { baseOrderId: ds }, { baseOrderId: theirs }],
      ['get-ds-stats', { baseOrderId: ds, ...range }, { baseOrderId: theirs, ...range }],
      ['get-vms', { baseOrderId: ds }, { baseOrderId: theirs }],
      ['download-vms', { baseOrderId: ds }, { baseOrderId: theirs }],
      ['get-vpg', { vpgId: order.vpgs[0]!.vpg_id }, { vpgId: theirVpg }],
      ['get-vpg-stats', { vpgId: order.vpgs[0]!.vpg_id, ...range }, { vpgId: theirVpg, ...range }],
      ['get-vm', { vmId: 1 }, { vmId: theirVm }],
      ['get-vm-stats', { vmId: 1, ...range }, { vmId: theirVm, ...range }],
    ];
    for (const [path, mine, other] of calls) {
      const anon = await get(path, mine, '');
      expect(anon.status).toBe(401);
      expect(anon.body.code).toBe('INVALID_TOKEN');
      expectNotFound(await get(path, other));
    }
    // Not a disaster recovery order.
    expectNotFound(await get('get-order-ds', { baseOrderId: ob }));
    expectNotFound(await get('get-vms', { baseOrderId: ob }));
  });
});

describe('fed through product-objects', () => {
  it('shows a protection group and VM the provider feeds; a VM naming no group of its order is refused', async () => {
    const feed = (await newToken(t, await t.signIn(demoEmails.staff3))).token;
    const number = (
      await t.db.one<{ n: string }>('SELECT order_number AS n FROM orders WHERE base_order_id = $1', [ds])
    )?.n as string;
    const results = (
      await batch(t, feed, 'product-objects', [
        {
          order_number: number,
          kind: 'dr_protection_group',
          object_key: 'Fed-Group',
          attributes: { configured_rpo_seconds: 30, status: 'initializing', last_test: '2026-10-01T08:00:00+02:00' },
        },
        {
          order_number: number,
          kind: 'dr_vm',
          object_key: 'vm-fed-1',
          attributes: { vm_name: 'fed-01', vpg: 'Fed-Group' },
        },
        {
          order_number: number,
          kind: 'dr_vm',
          object_key: 'vm-fed-2',
          attributes: { vm_name: 'fed-02', vpg: 'Nowhere' },
        },
        {
          order_number: number,
          kind: 'dr_protection_group',
          object_key: 'Bad',
          attributes: { configured_rpo_seconds: 0, status: 'fine' },
        },
      ])
    ).results;
    expect(results).toEqual([
      { key: 'Fed-Group', status: 'created' },
      { key: 'vm-fed-1', status: 'created' },
      {
        key: 'vm-fed-2',
        status: 'invalid',
        errors: { 'attributes.vpg': ['No protection group of this order has this key.'] },
      },
      {
        key: 'Bad',
        status: 'invalid',
        errors: {
          'attributes.configured_rpo_seconds': ['This value should be greater than or equal to 1.'],
          'attributes.status': ['This value is not valid.'],
        },
      },
    ]);
    // The same group again changes nothing (its time is held in UTC).
    const again = await batch(t, feed, 'product-objects', [
      {
        order_number: number,
        kind: 'dr_protection_group',
        object_key: 'Fed-Group',
        attributes: { configured_rpo_seconds: 30, status: 'initializing', last_test: '2026-10-01T06:00:00Z' },
      },
    ]);
    expect(again.results).toEqual([{ key: 'Fed-Group', status: 'unchanged' }]);

    // A changed status and a VM moved to another group are updates; the same again changes nothing.
    const moved = [
      {
        order_number: number,
        kind: 'dr_protection_group',
        object_key: 'Fed-Group',
        attributes: { configured_rpo_seconds: 30, status: 'initializing', last_test: null },
      },
      {
        order_number: number,
        kind: 'dr_vm',
        object_key: 'vm-fed-1',
        attributes: { vm_name: 'fed-01', vpg: order.vpgs[0]!.vpg_name },
      },
    ];
    expect((await batch(t, feed, 'product-objects', moved)).results.map((r) => r.status)).toEqual([
      'updated',
      'updated',
    ]);
    expect((await batch(t, feed, 'product-objects', moved)).results.map((r) => r.status)).toEqual([
      'unchanged',
      'unchanged',
    ]);
    const back = { ...moved[1]!, attributes: { vm_name: 'fed-01', vpg: 'Fed-Group' } };
    expect((await batch(t, feed, 'product-objects', [back])).results).toEqual([{ key: 'vm-fed-1', status: 'updated' }]);
    // DR objects go only on orders whose page shows them.
    const obNumber = (
      await t.db.one<{ n: string }>('SELECT order_number AS n FROM orders WHERE base_order_id = $1', [ob])
    )?.n as string;
    expect((await batch(t, feed, 'product-objects', [{ ...back, order_number: obNumber }])).results).toEqual([
      {
        key: 'vm-fed-1',
        status: 'invalid',
        errors: { kind: ["This kind of object is not shown on this order's product page."] },
      },
    ]);

    const fed = (await get('get-order-ds', { baseOrderId: ds })).body.data as DsOrder;
    expect(fed.vms_count).toBe(order.vms_count + 1);
    const group = fed.vpgs.find((g) => g.vpg_name === 'Fed-Group');
    expect(group).toMatchObject({ vms_count: 1, status: 'initializing' });
    const vpg = (await get('get-vpg', { vpgId: group!.vpg_id })).body.data as DsVpg;
    expect(vpg).toMatchObject({
      configured_rpo: 30,
      last_test: null,
      actual_rpo: null,
    });
    const vms = (await get('get-vms', { baseOrderId: ds, vpgId: group!.vpg_id })).body.data as Paged<DsVm>;
    expect(vms.data).toEqual([
      expect.objectContaining({ vm_name: 'fed-01', vpg: 'Fed-Group', actual_rpo: null, used_storage: null }),
    ]);
  });
});
