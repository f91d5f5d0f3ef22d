import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Account, Invoice, Paged, Ticket } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let customer: string;
let admin: string;
let customerAccounts: Account[];
let adminAccounts: Account[];

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn('customer@demo.test');
  admin = await t.signIn('admin@demo.test');
  customerAccounts = (await t.call('GET', '/api/accounts/get-accounts', { token: customer })).body.data as Account[];
  adminAccounts = (await t.call('GET', '/api/accounts/get-accounts', { token: admin })).body.data as Account[];
});
afterAll(() => t.close());

const first = <T>(list: T[]): T => {
  if (!list[0]) throw new Error('empty list');
  return list[0];
};

describe('login data', () => {
  it('gives the user with their memberships', async () => {
    const res = await t.call('GET', '/api/users/get-authenticated-user', { token: customer });
    expect(res.body.data).toMatchObject({
      email_nm: 'customer@demo.test',
      two_factor_enabled: false,
      uss_admin_level: 0,
    });
    expect((res.body.data as { accounts_users: unknown[] }).accounts_users).toHaveLength(3);
  });

  it("lists only the caller's accounts, with the PIN and disconnected flags", () => {
    expect(customerAccounts).toHaveLength(3);
    expect(customerAccounts.filter((a) => a.require_pin)).toHaveLength(1);
    expect(customerAccounts.filter((a) => a.account_status_cd === 'D')).toHaveLength(1);
    const ids = new Set(customerAccounts.map((a) => a.account_id));
    expect(adminAccounts.some((a) => ids.has(a.account_id))).toBe(false);
    expect(adminAccounts.filter((a) => a.is_account_admin)).toHaveLength(2);
  });

  it('lists products and resource categories', async () => {
    const products = (await t.call('GET', '/api/orders/get-products', { token: customer })).body.data as {
      active: boolean;
    }[];
    expect(products.length).toBeGreaterThan(10);
    expect(products.some((p) => !p.active)).toBe(true);
    const cats = (await t.call('GET', '/api/content/portal-resource-categories', { token: customer })).body.data as {
      parentCat: number | null;
    }[];
    expect(cats.some((c) => c.parentCat === null)).toBe(true);
    expect(cats.some((c) => c.parentCat !== null)).toBe(true);
  });
});

describe('dashboard calls', () => {
  it('returns the latest 4 tickets, newest update first', async () => {
    const res = await t.call('POST', '/api/tickets/get-tickets', {
      token: customer,
      body: { perPage: 4, sort_column: 'last_update_posted', sort_order: 'desc' },
    });
    const page = res.body.data as Paged<Ticket>;
    expect(page.data).toHaveLength(4);
    expect(page.total).toBeGreaterThanOrEqual(8);
    const times = page.data.map((x) => x.last_update_posted);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const ids = new Set(customerAccounts.map((a) => a.account_id));
    expect(page.data.every((x) => ids.has(x.account_id))).toBe(true);
  });

  it('rejects a bad sort column and page size', async () => {
    const res = await t.call('POST', '/api/tickets/get-tickets', {
      token: customer,
      body: { perPage: 0, sort_column: 'password_hash' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data as object).sort()).toEqual(['perPage', 'sort_column']);
  });

  it('filters tickets by account and refuses an account of another customer', async () => {
    const account = first(customerAccounts).account_id;
    const own = await t.call('POST', '/api/tickets/get-tickets', { token: customer, body: { accountId: account } });
    expect((own.body.data as Paged<Ticket>).data.every((x) => x.account_id === account)).toBe(true);
    const other = await t.call('POST', '/api/tickets/get-tickets', {
      token: customer,
      body: { accountId: first(adminAccounts).account_id },
    });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ code: 'NOT_FOUND', data: null });
  });

  it('lists exactly the ticket awaiting the customer', async () => {
    const res = await t.call('POST', '/api/tickets/get-tickets-requesting-response', { token: customer });
    const list = res.body.data as Ticket[];
    expect(list).toHaveLength(1);
    expect(first(list).request_customer_response).toBe(true);
  });

  it('counts upcoming and recent maintenance', async () => {
    const res = await t.call('POST', '/api/notifications/get-active-cmc-notifications-count', { token: customer });
    const counts = res.body.data as { upcomingCount: number; recentCount: number };
    expect(counts.upcomingCount).toBeGreaterThan(0);
    expect(counts.recentCount).toBeGreaterThan(0);
  });

  it('returns the current outages to anyone', async () => {
    const res = await t.call('POST', '/api/notifications/get-outages');
    expect((res.body.data as { message: string }[]).length).toBe(1);
  });

  it('returns the latest 5 pending orders with their project manager', async () => {
    const res = await t.call('POST', '/api/orders/get-pending-orders', { token: customer, body: { count: 5 } });
    const list = res.body.data as { account_id: number; project_manager: unknown }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(5);
    const ids = new Set(customerAccounts.map((a) => a.account_id));
    expect(list.every((o) => ids.has(o.account_id))).toBe(true);
    const bad = await t.call('POST', '/api/orders/get-pending-orders', { token: customer, body: { count: 'x' } });
    expect(bad.body.code).toBe('VALIDATION_ERROR');
  });

  it('returns the latest invoice and its spend by product, whose prices add up to the monthly charges', async () => {
    const account = first(customerAccounts).account_id;
    const latest = await t.call('POST', '/api/invoices/get-latest-invoice', {
      token: customer,
      body: { accountId: account },
    });
    const invoice = latest.body.data as Invoice;
    expect(invoice.account_id).toBe(account);
    const products = await t.call('POST', '/api/invoices/get-invoice-products', {
      token: customer,
      body: { accountId: account, cycleLogId: invoice.cycle_log_id },
    });
    const lines = products.body.data as { price: number }[];
    const sum = lines.reduce((s, l) => s + l.price, 0);
    expect(sum).toBeCloseTo(invoice.monthly_charges, 2);
  });

  it("never reveals another customer's invoice or team", async () => {
    const foreign = first(adminAccounts).account_id;
    const latest = await t.call('POST', '/api/invoices/get-latest-invoice', {
      token: admin,
      body: { accountId: foreign },
    });
    const cycleLogId = (latest.body.data as Invoice).cycle_log_id;
    for (const [url, body] of [
      ['/api/invoices/get-latest-invoice', { accountId: foreign }],
      ['/api/invoices/get-invoice-products', { accountId: foreign, cycleLogId }],
      ['/api/invoices/get-invoice-products', { accountId: first(customerAccounts).account_id, cycleLogId }],
      ['/api/contact/get-team', { accountId: foreign }],
    ] as const) {
      const res = await t.call('POST', url, { token: customer, body });
      expect(res.status, url).toBe(404);
      expect(res.body.data, url).toBeNull();
    }
  });

  it('returns the account team with phones', async () => {
    const res = await t.call('POST', '/api/contact/get-team', {
      token: customer,
      body: { accountId: first(customerAccounts).account_id },
    });
    const team = res.body.data as { phones: { phone: string }[] }[];
    expect(team.length).toBeGreaterThanOrEqual(2);
    expect(first(team).phones.length).toBeGreaterThan(0);
    const bad = await t.call('POST', '/api/contact/get-team', { token: customer, body: { accountId: 'abc' } });
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { accountId: ['This value should be a valid integer.'] },
    });
  });
});
