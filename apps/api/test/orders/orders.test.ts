import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { messages, orders, type Account, type OrderDetail, type OrderListItem, type Paged } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accountsOf, download, first, parseCsv } from '../invoices/billing-fixtures.ts';

let t: TestApp;
let customer: string;
let admin: string;
let mine: Account[];
let theirs: Account[];
let myTotal: number;

const list = async (token: string, body: object = {}, page?: number) => {
  const res = await t.call('POST', `/api/orders/get-orders${page ? `?page=${page}` : ''}`, { token, body });
  return { ...res, page: res.body.data as Paged<OrderListItem> };
};

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn('customer@demo.test');
  admin = await t.signIn('admin@demo.test');
  mine = await accountsOf(t, customer);
  theirs = await accountsOf(t, admin);
  const row = await t.db.one<{ n: number }>(
    `SELECT count(*) AS n FROM orders o JOIN accounts_users au ON au.account_id = o.account_id
      JOIN users u ON u.user_id = au.user_id WHERE u.email_nm = 'customer@demo.test' AND o.order_status_cd <> 'P'`,
  );
  myTotal = row?.n ?? 0;
});
afterAll(() => t.close());

describe('orders/get-orders', () => {
  it("pages the caller's services, 20 a page, only from the caller's accounts", async () => {
    const { status, page } = await list(customer);
    expect(status).toBe(200);
    expect(myTotal).toBeGreaterThan(20);
    expect(page.total).toBe(myTotal);
    expect(page.per_page).toBe(20);
    expect(page.data).toHaveLength(20);
    expect(page.last_page).toBe(Math.ceil(myTotal / 20));
    const ids = new Set(mine.map((a) => a.account_id));
    for (const order of page.data) expect(ids.has(order.account_id)).toBe(true);
    expect(Object.keys(first(page.data)).sort()).toEqual(
      [
        'account_id',
        'alias',
        'base_order_id',
        'currency',
        'customer_ref',
        'mrc_charges',
        'order_number',
        'product',
        'product_cd',
        'product_controller',
        'uss_circuit_id',
      ].sort(),
    );
  });

  it('pages through every service exactly once (page query parameter, perPage 10)', async () => {
    const seen: number[] = [];
    const { page: one } = await list(customer, { perPage: 10 });
    expect(one.per_page).toBe(10);
    for (let p = 1; p <= one.last_page; p += 1) {
      const { page } = await list(customer, { perPage: 10 }, p);
      expect(page.current_page).toBe(p);
      seen.push(...page.data.map((o) => o.base_order_id));
    }
    expect(seen).toHaveLength(myTotal);
    expect(new Set(seen).size).toBe(myTotal);
  });

  it('sorts by every column, ascending and descending', async () => {
    const key: Record<orders.OrderSortColumn, (o: OrderListItem) => string | number> = {
      product: (o) => o.product.toLowerCase(),
      order_number: (o) => o.order_number,
      uss_circuit_id: (o) => o.uss_circuit_id ?? '',
      customer_ref: (o) => (o.customer_ref ?? '').toLowerCase(),
      alias: (o) => (o.alias ?? '').toLowerCase(),
      mrc_charges: (o) => o.mrc_charges,
    };
    for (const sort of orders.orderSortColumns) {
      for (const order of ['asc', 'desc'] as const) {
        const { page } = await list(customer, { sort, order, perPage: 100 });
        const values = page.data.map(key[sort]);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        if (order === 'desc') sorted.reverse();
        expect(values, `${sort} ${order}`).toEqual(sorted);
      }
    }
  });

  it('searches order number, circuit id, customer reference, alias and product name', async () => {
    const { page: all } = await list(customer, { perPage: 100 });
    const withRef = all.data.find((o) => o.customer_ref && o.alias) ?? first(all.data.filter((o) => o.customer_ref));
    for (const term of [withRef.order_number, withRef.uss_circuit_id, withRef.customer_ref, withRef.alias].filter(
      Boolean,
    )) {
      const { page } = await list(customer, { search_all: term, perPage: 100 });
      expect(
        page.data.map((o) => o.base_order_id),
        String(term),
      ).toContain(withRef.base_order_id);
    }
    const { page: byProduct } = await list(customer, { search_all: 'dedicated internet', perPage: 100 });
    expect(byProduct.total).toBeGreaterThan(0);
    for (const o of byProduct.data) expect(o.product).toContain('Dedicated Internet');
    const { page: none } = await list(customer, { search_all: 'no-such-service-%_' });
    expect(none).toMatchObject({ data: [], total: 0, last_page: 0 });
  });

  it('filters by product code (any case) and by product group path', async () => {
    const { page: di } = await list(customer, { search_product_cd: 'DI', perPage: 100 });
    expect(di.total).toBeGreaterThan(0);
    for (const o of di.data) expect(o.product_cd).toBe('di');

    const products = (await t.call('GET', '/api/orders/get-products', { token: customer })).body.data as {
      product_cd: string;
      product_group: string;
    }[];
    const backup = new Set(products.filter((p) => p.product_group === 'Backup & Recovery').map((p) => p.product_cd));
    const { page: group } = await list(customer, { search_product_group: 'backup-recovery', perPage: 100 });
    expect(group.total).toBeGreaterThan(3);
    for (const o of group.data) expect(backup.has(o.product_cd)).toBe(true);
    const { page: unknown } = await list(customer, { search_product_group: 'no-such-group' });
    expect(unknown.total).toBe(0);
  });

  it("filters by one of the caller's accounts; another customer's account is NOT_FOUND with no data", async () => {
    const account = first(mine);
    const { page } = await list(customer, { accountId: account.account_id, perPage: 100 });
    expect(page.total).toBeGreaterThan(0);
    for (const o of page.data) expect(o.account_id).toBe(account.account_id);
    const res = await list(customer, { accountId: first(theirs).account_id });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', data: null });
  });

  it('refuses bad input with field messages, and calls without a token', async () => {
    const res = await list(customer, {
      sort: 'password',
      order: 'sideways',
      perPage: 0,
      accountId: 'abc',
      search_product_cd: 'abc',
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.body.data as object).sort()).toEqual([
      'accountId',
      'order',
      'perPage',
      'search_product_cd',
      'sort',
    ]);
    expect((res.body.data as Record<string, string[]>).accountId).toEqual(['This value should be a valid integer.']);
    const anon = await t.call('POST', '/api/orders/get-orders', { body: {} });
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('INVALID_TOKEN');
  });
});

describe('orders/download-orders', () => {
  const csvOf = async (token: string | undefined, body: object) => {
    const res = await download(t, '/api/orders/download-orders', token, body);
    return { ...res, rows: res.status === 200 ? parseCsv(res.bytes.toString('utf8')) : [] };
  };

  it('streams the current search as CSV with a header row, as an attachment', async () => {
    const account = first(mine);
    const res = await csvOf(customer, { accountId: account.account_id, sort: 'mrc_charges', order: 'desc' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename=Services-${account.account_number}.csv`);
    const [header, ...rows] = res.rows;
    expect(header).toEqual([...orders.ordersCsvHeader]);
    const { page } = await list(customer, {
      accountId: account.account_id,
      sort: 'mrc_charges',
      order: 'desc',
      perPage: 100,
    });
    expect(rows).toHaveLength(page.total);
    expect(rows.map((r) => r[3])).toEqual(page.data.map((o) => o.order_number));
    const firstRow = first(rows);
    const firstOrder = first(page.data);
    expect(firstRow).toEqual([
      account.account_number,
      account.name,
      firstOrder.product,
      firstOrder.order_number,
      firstOrder.uss_circuit_id ?? '',
      firstOrder.customer_ref ?? '',
      firstOrder.alias ?? '',
      firstOrder.mrc_charges.toFixed(2),
      'USD',
    ]);
    expect(firstOrder.currency).toBe(account.currency);
  });

  it('follows the product group, code and search filters; all accounts by default', async () => {
    const all = await csvOf(customer, {});
    expect(all.headers['content-disposition']).toContain('Services-all-accounts.csv');
    expect(all.rows).toHaveLength(myTotal + 1);
    const di = await csvOf(customer, { search_product_cd: 'di' });
    const { page } = await list(customer, { search_product_cd: 'di', perPage: 100 });
    expect(di.rows).toHaveLength(page.total + 1);
    for (const row of di.rows.slice(1)) expect(row[2]).toBe('Dedicated Internet Access');
    const group = await csvOf(customer, { search_product_group: 'network', search_all: 'NW/' });
    expect(group.rows.length).toBeGreaterThan(1);
  });

  it('reads in keyset batches: thousands of services, each once, in order, ties broken by id', async () => {
    const account = first(mine);
    await t.db.query(
      `INSERT INTO orders (account_id, order_number, product_cd, uss_circuit_id, mrc_charges)
       SELECT $1, 'BULK-' || g, 'di', 'NW/BULK/' || lpad(g::text, 6, '0'), (g % 7) * 10
         FROM generate_series(1, 2600) AS g`,
      [account.account_id],
    );
    const res = await csvOf(customer, { accountId: account.account_id, sort: 'mrc_charges', order: 'asc' });
    const rows = res.rows.slice(1);
    const total = (await list(customer, { accountId: account.account_id })).page.total;
    expect(total).toBeGreaterThan(2600);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((r) => r[3])).size).toBe(total);
    const charges = rows.map((r) => Number(r[7]));
    expect(charges).toEqual([...charges].sort((a, b) => a - b));
    await t.db.query(`DELETE FROM orders WHERE order_number LIKE 'BULK-%'`);
  });

  it('answers NOT_FOUND (the app shows the Download Error popup) when nothing matches', async () => {
    const res = await download(t, '/api/orders/download-orders', customer, { search_all: 'nothing-matches-this' });
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
  });

  it("refuses another customer's account, bad input and a missing token", async () => {
    expect(
      (await download(t, '/api/orders/download-orders', customer, { accountId: first(theirs).account_id })).json(),
    ).toEqual({
      code: 'NOT_FOUND',
      data: null,
      message: messages.notFound,
    });
    const bad = await download(t, '/api/orders/download-orders', customer, { sort: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.json().data).toHaveProperty('sort');
    expect((await download(t, '/api/orders/download-orders', undefined, {})).status).toBe(401);
  });
});

describe('orders/get-order', () => {
  it('answers the order with its account and components', async () => {
    const { page } = await list(customer);
    const summary = first(page.data);
    const res = await t.call('POST', '/api/orders/get-order', {
      token: customer,
      body: { baseOrderId: summary.base_order_id },
    });
    expect(res.status).toBe(200);
    const order = res.body.data as OrderDetail;
    expect(order).toMatchObject(summary);
    expect(order.account.account_id).toBe(summary.account_id);
    expect(order.all_customer_order_components.length).toBeGreaterThan(0);
    const sum = order.all_customer_order_components.reduce((s, c) => s + c.current_customer_services.mrc_charges, 0);
    expect(sum).toBeCloseTo(order.mrc_charges, 2);
    expect(first(order.all_customer_order_components).current_customer_services.service_component.description).toEqual(
      expect.any(String),
    );
  });

  it('has zero-charge components and both kinds of contract terms in the demo data', async () => {
    const { page } = await list(customer, { perPage: 100 });
    const details = await Promise.all(
      page.data.map(
        async (o) =>
          (await t.call('POST', '/api/orders/get-order', { token: customer, body: { baseOrderId: o.base_order_id } }))
            .body.data as OrderDetail,
      ),
    );
    expect(
      details.some((d) => d.all_customer_order_components.some((c) => c.current_customer_services.mrc_charges === 0)),
    ).toBe(true);
    expect(
      details.some((d) => d.contract_start_date && d.term_cd && !orders.hiddenTermCodes.includes(d.term_cd as 'UK')),
    ).toBe(true);
    // A start date is a calendar day, or none yet (a pending order); the seed gives both.
    const starts = details.map((d) => d.contract_start_date);
    expect(starts).toContain(null);
    expect(starts.filter((d) => d !== null)).not.toHaveLength(0);
    for (const start of starts) expect(start ?? 'none').toMatch(/^(\d{4}-\d{2}-\d{2}|none)$/);
  });

  it("answers NOT_FOUND 'No order found.' for another customer's order, and checks input", async () => {
    const { page } = await list(admin);
    const res = await t.call('POST', '/api/orders/get-order', {
      token: customer,
      body: { baseOrderId: first(page.data).base_order_id },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: messages.noOrder, data: null });
    const missing = await t.call('POST', '/api/orders/get-order', { token: customer, body: { baseOrderId: 99999999 } });
    expect(missing.body.code).toBe('NOT_FOUND');
    const bad = await t.call('POST', '/api/orders/get-order', { token: customer, body: { baseOrderId: 'x' } });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({ baseOrderId: ['This value should be a valid integer.'] });
    expect((await t.call('POST', '/api/orders/get-order', { body: { baseOrderId: 1 } })).body.code).toBe(
      'INVALID_TOKEN',
    );
  });
});

describe('orders/change-alias', () => {
  it('sets the alias and answers the product controller for the redirect', async () => {
    const order = first((await list(customer)).page.data);
    const res = await t.call('POST', '/api/orders/change-alias', {
      token: customer,
      body: { base_order_id: order.base_order_id, alias: '  HQ uplink  ' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      base_order_id: order.base_order_id,
      alias: 'HQ uplink',
      product_controller: order.product_controller,
    });
    const again = await t.call('POST', '/api/orders/get-order', {
      token: customer,
      body: { baseOrderId: order.base_order_id },
    });
    expect((again.body.data as OrderDetail).alias).toBe('HQ uplink');
    const found = await list(customer, { search_all: 'HQ uplink' });
    expect(found.page.data.map((o) => o.base_order_id)).toContain(order.base_order_id);
  });

  it('clears the alias with an empty one: the order is shown by its product name again', async () => {
    const order = first((await list(customer)).page.data);
    const set = await t.call('POST', '/api/orders/change-alias', {
      token: customer,
      body: { base_order_id: order.base_order_id, alias: 'To be cleared' },
    });
    expect(set.status).toBe(200);
    const res = await t.call('POST', '/api/orders/change-alias', {
      token: customer,
      body: { base_order_id: order.base_order_id, alias: '   ' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      base_order_id: order.base_order_id,
      alias: null,
      product_controller: order.product_controller,
    });
    const again = await t.call('POST', '/api/orders/get-order', {
      token: customer,
      body: { baseOrderId: order.base_order_id },
    });
    expect((again.body.data as OrderDetail).alias).toBeNull();
    const found = await list(customer, { search_all: 'To be cleared' });
    expect(found.page.data.map((o) => o.base_order_id)).not.toContain(order.base_order_id);
  });

  it("checks the alias and refuses another customer's order without changing it", async () => {
    const order = first((await list(customer)).page.data);
    const missing = await t.call('POST', '/api/orders/change-alias', {
      token: customer,
      body: { base_order_id: order.base_order_id },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.data).toEqual({ alias: ['This value is required.'] });
    const long = await t.call('POST', '/api/orders/change-alias', {
      token: customer,
      body: { base_order_id: order.base_order_id, alias: 'x'.repeat(61) },
    });
    expect(long.body.data).toEqual({ alias: ['too long'] });
    const foreign = first((await list(admin)).page.data);
    const res = await t.call('POST', '/api/orders/change-alias', {
      token: customer,
      body: { base_order_id: foreign.base_order_id, alias: 'mine now' },
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', data: null });
    const unchanged = await t.db.one<{ alias: string | null }>('SELECT alias FROM orders WHERE base_order_id = $1', [
      foreign.base_order_id,
    ]);
    expect(unchanged?.alias).toBe(foreign.alias);
    expect((await t.call('POST', '/api/orders/change-alias', { body: { base_order_id: 1, alias: 'x' } })).status).toBe(
      401,
    );
  });
});
