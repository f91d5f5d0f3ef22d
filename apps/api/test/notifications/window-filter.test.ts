import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { appSignedIn } from '../helpers/signed-in.ts';
import type { TestApp } from '../helpers/test-app.ts';

interface Row {
  account_id: number;
  cmc_contact_batch: { window_start_time: number };
}
interface PageAnswer {
  data: Row[];
  total: number;
}

/** Issue 15: the dashboard's maintenance counts link to the list they count (all accounts, one window). */
describe('notifications filtered by maintenance window, across all accounts', () => {
  let t: TestApp, token: string;
  beforeAll(async () => ({ t, token } = await appSignedIn('customer@demo.test')));
  afterAll(() => t.close());

  const list = async (body: object) =>
    (await t.call('POST', '/api/notifications/get-cmc-notifications', { token, body })).body;

  it('upcoming and recent list only their windows, as many as counted or more (one batch per account)', async () => {
    const counts = (await t.call('POST', '/api/notifications/get-active-cmc-notifications-count', { token, body: {} }))
      .body.data as { upcomingCount: number; recentCount: number };
    const now = Date.now() / 1000;
    const upcoming = (await list({ page: 1, window: 'upcoming' })).data as PageAnswer;
    const recent = (await list({ page: 1, window: 'recent' })).data as PageAnswer;
    expect(upcoming.total).toBeGreaterThanOrEqual(counts.upcomingCount);
    expect(recent.total).toBeGreaterThanOrEqual(counts.recentCount);
    for (const row of upcoming.data) expect(row.cmc_contact_batch.window_start_time).toBeGreaterThan(now - 60);
    for (const row of recent.data) {
      expect(row.cmc_contact_batch.window_start_time).toBeLessThanOrEqual(now + 60);
      expect(row.cmc_contact_batch.window_start_time).toBeGreaterThan(now - 30 * 86400 - 60);
    }
    const all = (await list({ page: 1 })).data as PageAnswer;
    expect(all.total).toBeGreaterThanOrEqual(upcoming.total + recent.total);
  });

  it('refuses an unknown window with the field message', async () => {
    const body = await list({ page: 1, window: 'tomorrow' });
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(body.data as object)).toContain('window');
  });
});
