import { pageSizes } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoAccounts, demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface PageAnswer {
  data: unknown[];
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/**
 * Issue 15, "Demo data that shows the product": the demo customer's main account alone has enough for
 * every list to page, as the lists answer it: at least 60 invoices, 40 notifications, 30 tickets and 30
 * services.
 */
describe("the demo customer's main account pages every list", () => {
  let t: TestApp;
  let token: string;
  let accountId: number;
  beforeAll(async () => {
    t = await createTestApp();
    token = await t.signIn(demoEmails.customer);
    const main = demoAccounts.customer[0].account_number;
    const row = await t.db.one<{ account_id: number }>('SELECT account_id FROM accounts WHERE account_number = $1', [
      main,
    ]);
    accountId = row!.account_id;
  });
  afterAll(() => t.close());

  const lists = [
    ['invoices', '/api/invoices/get-invoices', 60, pageSizes.invoices],
    ['notifications', '/api/notifications/get-cmc-notifications', 40, pageSizes.notifications],
    ['tickets', '/api/tickets/get-tickets', 30, pageSizes.tickets],
    ['services', '/api/orders/get-orders', 30, pageSizes.services],
  ] as const;

  for (const [name, path, minimum, perPage] of lists) {
    it(`${name}: at least ${minimum}, over more than one page`, async () => {
      const answer = (await t.call('POST', path, { token, body: { accountId } })).body;
      expect(answer.code).toBe('SUCCESS');
      const page = answer.data as PageAnswer;
      expect(page.total).toBeGreaterThanOrEqual(minimum);
      expect(page.per_page).toBe(perPage);
      expect(page.last_page).toBe(Math.ceil(page.total / perPage));
      expect(page.last_page).toBeGreaterThan(1);
      expect(page.data).toHaveLength(perPage);
    });
  }
});
