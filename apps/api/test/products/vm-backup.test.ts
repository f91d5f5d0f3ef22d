import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type CvOrder, type CvStats } from '@portal/contract';

import { createTestApp, testEnv, type TestApp } from '../helpers/test-app.ts';
import { checkTable, expectNotFound, getCall, openProduct, type ProductSuite } from './kit.ts';

let t: TestApp, cv: number, end: number;
let get: ProductSuite['get'], orderOf: ProductSuite['orderOf'], components: ProductSuite['components'];
beforeAll(async () => ({ t, order: cv, end, get, orderOf, components } = await openProduct('cv')));
afterAll(() => t.close());

const day = 86400;

describe('virtual machine backup', () => {
  it("answers the order: VM count and storage used as measured, rates and charges from the order's components", async () => {
    const res = await get('orders-cv/get-order-cv', { baseOrderId: cv });
    expect(res.status).toBe(200);
    const order = res.body.data as CvOrder;
    expect(order.base_order_id).toBe(cv);
    const rows = await components(cv);
    const vms = rows.find((c) => c.description.startsWith('Protected virtual machines'));
    const storage = rows.find((c) => c.description.startsWith('Backup storage'));
    expect(order.per_vm_rate).toBeCloseTo(vms ? Number(vms.mrc_charges) / Number(vms.quantity) : 0, 3);
    expect(order.per_gb_rate).toBeCloseTo(storage ? Number(storage.mrc_charges) / Number(storage.quantity) : 0, 3);
    expect(order.backup_count).toBeGreaterThan(0);
    expect(order.used_bytes).toBeGreaterThan(0);
    // Decision 099: the charges are the billed components', not usage x rate.
    expect(order.mm_rate_per_vm).toBe(Number(vms?.mrc_charges ?? 0));
    expect(order.gb_amount).toBe(Number(storage?.mrc_charges ?? 0));
    expect(order.run_date).toBeGreaterThan(0);
  });

  it("the charge cards add up to the order's monthly charge", async () => {
    const order = (await get('orders-cv/get-order-cv', { baseOrderId: cv })).body.data as CvOrder;
    const mrc = await t.db.one<{ mrc_charges: number }>('SELECT mrc_charges FROM orders WHERE base_order_id = $1', [
      cv,
    ]);
    expect(order.mrc_charges).toBe(Number(mrc?.mrc_charges));
    expect(order.charges.length).toBe((await components(cv)).length);
    const total = order.charges.reduce((sum, c) => sum + c.mrc_charges, 0);
    expect(total).toBeCloseTo(order.mrc_charges, 2);
    // Rates carry 6 decimals: quantity x rate is the charge to within half a cent plus the rate's rounding.
    for (const c of order.charges)
      if (c.quantity > 0)
        expect(Math.abs(c.rate * c.quantity - c.mrc_charges)).toBeLessThanOrEqual(c.quantity * 5e-7 + 0.005);
    const others = order.charges
      .filter((c) => !/^(Protected virtual machines|Backup storage)/.test(c.description))
      .reduce((sum, c) => sum + c.mrc_charges, 0);
    expect(order.mm_rate_per_vm + order.gb_amount + others).toBeCloseTo(order.mrc_charges, 2);
  });

  it("offers the provider's client installers, as configured", async () => {
    const order = (await get('orders-cv/get-order-cv', { baseOrderId: cv })).body.data as CvOrder;
    expect(order.client_downloads.length).toBeGreaterThan(2);
    expect(new Set(order.client_downloads.map((d) => d.platform))).toEqual(
      new Set(['Windows', 'Linux', 'VMware', 'Hyper-V']),
    );
    for (const d of order.client_downloads) expect(d.url).toMatch(/^https:\/\//);
    const configured = [{ platform: 'FreeBSD', label: 'Agent for FreeBSD (pkg)', url: 'https://dl.example.net/a.pkg' }];
    const other = await createTestApp({ BACKUP_CLIENT_DOWNLOADS: JSON.stringify(configured) });
    try {
      const token = await other.signIn('customer@demo.test');
      const res = await getCall(other, 'orders-cv/get-order-cv', { baseOrderId: cv }, token);
      expect((res.body.data as CvOrder).client_downloads).toEqual(configured);
    } finally {
      await other.close();
    }
    expect(() => testEnv({ BACKUP_CLIENT_DOWNLOADS: '[{"platform":"Windows","label":"x","url":"ftp://x"}]' })).toThrow(
      /BACKUP_CLIENT_DOWNLOADS/,
    );
    expect(() => testEnv({ BACKUP_CLIENT_DOWNLOADS: 'not json' })).toThrow(/BACKUP_CLIENT_DOWNLOADS/);
  });

  it('answers the two charts of a range', async () => {
    const res = await get('orders-cv/get-cv-stats', { baseOrderId: cv, startDate: end - 30 * day, endDate: end });
    expect(res.status).toBe(200);
    const stats = res.body.data as CvStats;
    checkTable(stats.vm_count, ['Protected VMs']);
    checkTable(stats.used_storage, ['Storage used']);
  });

  it('a missing component gives a rate and charge of 0', async () => {
    const vms = (await components(cv)).find((c) => c.description.startsWith('Protected virtual machines'));
    await t.db.query('UPDATE order_components SET quantity = 0 WHERE component_id = $1', [vms?.component_id]);
    try {
      const order = (await get('orders-cv/get-order-cv', { baseOrderId: cv })).body.data as CvOrder;
      expect(order.per_vm_rate).toBe(0);
      expect(order.mm_rate_per_vm).toBe(0);
    } finally {
      await t.db.query('UPDATE order_components SET quantity = $2 WHERE component_id = $1', [
        vms?.component_id,
        vms?.quantity,
      ]);
    }
  });

  it('refuses bad input, no token, another customer’s order and the wrong product', async () => {
    const bad = await get('orders-cv/get-cv-stats', { baseOrderId: cv, startDate: 0, endDate: 10 * 365 * day });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { endDate: ['The range is too long.'] } });
    expect((await get('orders-cv/get-order-cv', { baseOrderId: 'x' })).body.code).toBe('VALIDATION_ERROR');
    const anon = await get('orders-cv/get-order-cv', { baseOrderId: cv }, '');
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('INVALID_TOKEN');
    const theirs = await orderOf('customer@demo.test', 'cv', true);
    expectNotFound(await get('orders-cv/get-order-cv', { baseOrderId: theirs }));
    expectNotFound(await get('orders-cv/get-cv-stats', { baseOrderId: theirs, startDate: end - day, endDate: end }));
    const ob = await orderOf('customer@demo.test', 'ob');
    expectNotFound(await get('orders-cv/get-order-cv', { baseOrderId: ob }));
    expectNotFound(await get('orders-cv/get-cv-stats', { baseOrderId: ob, startDate: end - day, endDate: end }));
  });
});
