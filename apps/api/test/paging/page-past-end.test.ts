import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Issue 15: a page number past the end answers the last page (current_page = last_page, its rows),
 * never an empty "page 0 of 0"; an in-range page is untouched.
 */
describe('a page past the end answers the last page', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.signIn('customer@demo.test');
  });
  afterAll(() => t.close());

  const lists = [
    ['invoices', 'POST', '/api/invoices/get-invoices'],
    ['notifications', 'POST', '/api/notifications/get-cmc-notifications'],
    ['tickets', 'POST', '/api/tickets/get-tickets'],
    ['services', 'POST', '/api/orders/get-orders'],
  ] as const;

  for (const [name, method, path] of lists) {
    it(name, async () => {
      const first = (await t.call(method, path, { token, body: { page: 1 } })).body;
      expect(first.code).toBe('SUCCESS');
      const lastPage = first.data.last_page as number;
      expect(lastPage).toBeGreaterThanOrEqual(1);
      const last = (await t.call(method, path, { token, body: { page: lastPage } })).body.data;

      const beyond = (await t.call(method, path, { token, body: { page: lastPage + 50 } })).body;
      expect(beyond.code).toBe('SUCCESS');
      expect(beyond.data.current_page).toBe(lastPage);
      expect(beyond.data.last_page).toBe(lastPage);
      expect(beyond.data.total).toBe(first.data.total);
      expect(beyond.data.data).toEqual(last.data);
      expect(beyond.data.data.length).toBeGreaterThan(0);
    });
  }

  it('users (an administrator), by query string', async () => {
    const admin = await t.signIn('admin@demo.test');
    const first = (await t.call('GET', '/api/users/get-users?page=1', { token: admin })).body.data;
    const beyond = (await t.call('GET', '/api/users/get-users?page=999', { token: admin })).body.data;
    expect(first.last_page).toBeGreaterThanOrEqual(1);
    expect(beyond.current_page).toBe(first.last_page);
    expect(beyond.last_page).toBe(first.last_page);
    expect(beyond.data.length).toBeGreaterThan(0);
  });

  it('an empty search past page 1 stays an empty first page (last_page 0, as the spec says)', async () => {
    const body = (
      await t.call('POST', '/api/invoices/get-invoices', { token, body: { page: 7, search: 'no-such-invoice-xyz' } })
    ).body.data;
    expect(body).toMatchObject({ current_page: 1, last_page: 0, total: 0, data: [] });
  });
});
