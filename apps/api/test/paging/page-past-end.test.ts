import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { appSignedIn } from '../helpers/signed-in.ts';
import type { TestApp } from '../helpers/test-app.ts';

interface PageAnswer {
  data: unknown[];
  current_page: number;
  last_page: number;
  total: number;
}

const pageOf = (body: { data: unknown }) => body.data as PageAnswer;

/**
 * Issue 15: a page number past the end answers the last page (current_page = last_page, its rows),
 * never an empty "page 0 of 0"; an in-range page is untouched.
 */
describe('a page past the end answers the last page', () => {
  let t: TestApp, token: string;
  beforeAll(async () => ({ t, token } = await appSignedIn('customer@demo.test')));
  afterAll(() => t.close());

  const lists = [
    ['invoices', 'POST', '/api/invoices/get-invoices'],
    ['notifications', 'POST', '/api/notifications/get-cmc-notifications'],
    ['tickets', 'POST', '/api/tickets/get-tickets'],
    ['services', 'POST', '/api/orders/get-orders'],
  ] as const;

  for (const [name, method, path] of lists) {
    it(name, async () => {
      const firstAnswer = (await t.call(method, path, { token, body: { page: 1 } })).body;
      expect(firstAnswer.code).toBe('SUCCESS');
      const first = pageOf(firstAnswer);
      const lastPage = first.last_page;
      expect(lastPage).toBeGreaterThanOrEqual(1);
      const last = pageOf((await t.call(method, path, { token, body: { page: lastPage } })).body);

      const beyondAnswer = (await t.call(method, path, { token, body: { page: lastPage + 50 } })).body;
      expect(beyondAnswer.code).toBe('SUCCESS');
      const beyond = pageOf(beyondAnswer);
      expect(beyond.current_page).toBe(lastPage);
      expect(beyond.last_page).toBe(lastPage);
      expect(beyond.total).toBe(first.total);
      expect(beyond.data).toEqual(last.data);
      expect(beyond.data.length).toBeGreaterThan(0);
    });
  }

  it('users (an administrator), by query string', async () => {
    const admin = await t.signIn('admin@demo.test');
    const first = pageOf((await t.call('GET', '/api/users/get-users?page=1', { token: admin })).body);
    const beyond = pageOf((await t.call('GET', '/api/users/get-users?page=999', { token: admin })).body);
    expect(first.last_page).toBeGreaterThanOrEqual(1);
    expect(beyond.current_page).toBe(first.last_page);
    expect(beyond.last_page).toBe(first.last_page);
    expect(beyond.data.length).toBeGreaterThan(0);
  });

  it('an empty search past page 1 stays an empty first page (last_page 0, as the spec says)', async () => {
    const body = pageOf(
      (await t.call('POST', '/api/invoices/get-invoices', { token, body: { page: 7, search: 'no-such-invoice-xyz' } }))
        .body,
    );
    expect(body).toMatchObject({ current_page: 1, last_page: 0, total: 0, data: [] });
  });
});
