import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { TestApp } from '../helpers/test-app.ts';
import { accountId, membershipsOf, people, roles, appWithRoles, userId, type Role } from '../users/fixtures.ts';

let t: TestApp, tokens: Record<Role, string>;
beforeEach(async () => ({ t, tokens } = await appWithRoles()));
afterEach(() => t.close());

const post = (path: string, token: string | undefined, body: unknown = {}) =>
  t.call('POST', `/api/admin/${path}`, { ...(token ? { token } : {}), body });

interface AccountRow {
  account_id: number;
  account_number: string;
  company_nm: string;
  access_level: number;
}
type AccountPage = { data: AccountRow[]; current_page: number; last_page: number; per_page: number; total: number };

describe('every staff call checks uss_admin_level on the server', () => {
  // The minimum level of each call (spec core.md section 6): account access 1+, sign in as a user 3+.
  const calls: [string, number, () => Promise<unknown>][] = [
    ['find-accounts', 1, async () => ({})],
    ['add-account', 1, async () => ({ accountId: await accountId(t, '1000101'), accessLevel: 1 })],
    ['clear-accounts', 1, async () => ({})],
    ['get-user', 1, async () => ({ userId: await userId(t, roles.customer) })],
    ['get-user-accounts', 1, async () => ({ userId: await userId(t, roles.customer) })],
    ['get-login-as-user-audit', 1, async () => ({})],
    ['get-user-by-email', 3, async () => ({ email: roles.customer })],
    ['get-token-as-user', 3, async () => ({ userId: await userId(t, roles.customer), reason: 'Ticket 42' })],
  ];
  const levels: Record<Role, number> = { customer: 0, admin: 0, staff1: 1, staff2: 2, staff3: 3 };

  it.each(calls)('admin/%s needs level %i', async (path, level, input) => {
    const body = await input();
    for (const role of Object.keys(roles) as Role[]) {
      const res = await post(path, tokens[role], body);
      if (levels[role] >= level) {
        expect(res.status, `${role} on ${path}`).toBe(200);
        expect(res.body.code).toBe('SUCCESS');
      } else {
        expect(res.status, `${role} on ${path}`).toBe(403);
        expect(res.body).toEqual({ data: null, code: 'FORBIDDEN', message: 'You do not have permission to do that.' });
      }
    }
    const anonymous = await post(path, undefined, body);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('INVALID_TOKEN');
  });
});

describe('admin/find-accounts', () => {
  it("pages every account by 20 with the staff member's own access level", async () => {
    const res = await post('find-accounts', tokens.staff2);
    const page = res.body.data as AccountPage;
    expect(page.per_page).toBe(20);
    expect(page.data.length).toBeLessThanOrEqual(20);
    const total = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM accounts');
    expect(page.total).toBe(total?.n);
    const mine = await post('find-accounts', tokens.staff2, { search: '100030' });
    // Unsorted lists go by account name: Field Sites (1000302) before Operations (1000301).
    expect((mine.body.data as AccountPage).data.map((a) => [a.account_number, a.access_level])).toEqual([
      ['1000302', 1],
      ['1000301', 1],
    ]);
  });

  it('searches by account and by user, and sorts by the sort and order fields', async () => {
    const byAccount = await post('find-accounts', tokens.staff1, { search: '1000201' });
    expect((byAccount.body.data as AccountPage).data.map((a) => a.account_number)).toEqual(['1000201']);
    const byUser = await post('find-accounts', tokens.staff1, { search_user: 'whitaker' });
    expect((byUser.body.data as AccountPage).data.map((a) => a.account_number)).toEqual(['1000201']);
    const both = await post('find-accounts', tokens.staff1, { search: 'Globex', search_user: 'june.park' });
    expect((both.body.data as AccountPage).data.map((a) => a.account_number).sort()).toEqual(['1000202', '1000203']);
    const sorted = await post('find-accounts', tokens.staff1, {
      search: 'Acme',
      sort: 'account_number',
      order: 'desc',
    });
    expect((sorted.body.data as AccountPage).data.map((a) => a.account_number)).toEqual([
      '1000103',
      '1000102',
      '1000101',
    ]);
    const page2 = await t.call('POST', '/api/admin/find-accounts?page=2', { token: tokens.staff1, body: {} });
    expect((page2.body.data as AccountPage).current_page).toBe(2);
  });

  it('validates sort, order and page', async () => {
    const res = await t.call('POST', '/api/admin/find-accounts?page=-1', {
      token: tokens.staff1,
      body: { sort: 'pin_hash', order: 'sideways' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.data as object).sort()).toEqual(['order', 'page', 'sort']);
  });
});

describe('admin/add-account and admin/clear-accounts', () => {
  it('level 1 grants itself user access or none, never admin', async () => {
    const acme = await accountId(t, '1000101');
    const user = await post('add-account', tokens.staff1, { accountId: acme, accessLevel: 1 });
    expect(user.status).toBe(200);
    expect(user.body.data).toMatchObject({ account_number: '1000101', access_level: 1 });
    const admin = await post('add-account', tokens.staff1, { accountId: acme, accessLevel: 2 });
    expect(admin.status).toBe(403);
    expect(admin.body.message).toBe('Your staff level allows user access only.');
    expect(await membershipsOf(t, roles.staff1)).toMatchObject({ '1000101': 'user' });
    const none = await post('add-account', tokens.staff1, { accountId: acme, accessLevel: 0 });
    expect(none.body.data).toMatchObject({ access_level: 0 });
    expect(await membershipsOf(t, roles.staff1)).not.toHaveProperty('1000101');
  });

  it('level 2 grants itself admin access; the change shows in its login data', async () => {
    const acme = await accountId(t, '1000101');
    const res = await post('add-account', tokens.staff2, { accountId: acme, accessLevel: 2 });
    expect(res.body.data).toMatchObject({ access_level: 2 });
    const accounts = await t.call('GET', '/api/accounts/get-accounts', { token: tokens.staff2 });
    expect(accounts.body.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ account_id: acme, is_account_admin: true })]),
    );
  });

  it('answers NOT_FOUND for an unknown account and VALIDATION_ERROR for a bad level', async () => {
    const unknown = await post('add-account', tokens.staff2, { accountId: 999_999, accessLevel: 1 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.data).toBeNull();
    const bad = await post('add-account', tokens.staff2, { accountId: 1, accessLevel: 5 });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({ accessLevel: ['This value should be lower than or equal to 2.'] });
  });

  it('clear-accounts removes every account of the staff member and answers their ids', async () => {
    const ids = [await accountId(t, '1000301'), await accountId(t, '1000302')];
    const res = await post('clear-accounts', tokens.staff2);
    expect(res.body.data).toEqual(ids);
    expect(await membershipsOf(t, roles.staff2)).toEqual({});
  });
});

describe('admin/get-user and admin/get-user-accounts', () => {
  it("answers a user's email, NOT_FOUND for an unknown id", async () => {
    const customer = await userId(t, roles.customer);
    const res = await post('get-user', tokens.staff1, { userId: customer });
    expect(res.body.data).toEqual({ user_id: customer, email_nm: roles.customer });
    const unknown = await post('get-user', tokens.staff1, { userId: 999_999 });
    expect(unknown.status).toBe(404);
    const bad = await post('get-user', tokens.staff1, { userId: 'x' });
    expect(bad.status).toBe(422);
  });

  it('gives the staff member user access to every account of the user', async () => {
    const res = await post('get-user-accounts', tokens.staff1, { userId: await userId(t, people.june) });
    expect(res.body.data).toEqual([await accountId(t, '1000202'), await accountId(t, '1000203')]);
    expect(await membershipsOf(t, roles.staff1)).toEqual({ '1000202': 'user', '1000203': 'user', '1000301': 'user' });
    // Loading again adds nothing and keeps existing levels.
    const again = await post('get-user-accounts', tokens.staff1, { userId: await userId(t, people.june) });
    expect(again.body.data).toEqual([]);
    const unknown = await post('get-user-accounts', tokens.staff1, { userId: 999_999 });
    expect(unknown.status).toBe(404);
  });
});

describe('sign in as a user (level 3)', () => {
  it('finds the user by email and issues a token for them naming the staff member, recorded in the audit', async () => {
    const found = await post('get-user-by-email', tokens.staff3, { email: 'CUSTOMER@demo.test' });
    const customer = await userId(t, roles.customer);
    expect(found.body.data).toEqual({
      user_id: customer,
      email_nm: roles.customer,
      first_nm: 'Casey',
      last_nm: 'Morgan',
    });

    const res = await post('get-token-as-user', tokens.staff3, { userId: customer, reason: 'Ticket 42' });
    expect(res.status).toBe(200);
    const { token } = res.body.data as { token: string; expires_at: number };
    const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    expect(payload).toMatchObject({ user_id: customer, uss_admin_level: 0, act: await userId(t, roles.staff3) });

    const me = await t.call('GET', '/api/users/get-authenticated-user', { token });
    expect(me.body.data).toMatchObject({ email_nm: roles.customer });
    // As the customer, the staff member has no staff powers.
    expect((await post('find-accounts', token)).status).toBe(403);

    const audit = await post('get-login-as-user-audit', tokens.staff1);
    const rows = (audit.body.data as { data: { staff_email: string; user_email: string; created_at: number }[] }).data;
    expect(rows[0]).toMatchObject({ staff_email: roles.staff3, user_email: roles.customer, reason: 'Ticket 42' });
    expect(Math.abs((rows[0]?.created_at ?? 0) - t.clock.now() / 1000)).toBeLessThan(5);
  });

  it('a level-2 staff member cannot get a token as a user', async () => {
    const res = await post('get-token-as-user', tokens.staff2, {
      userId: await userId(t, roles.customer),
      reason: 'Ticket 42',
    });
    expect(res.status).toBe(403);
    expect(res.body.data).toBeNull();
    expect(await t.db.query("SELECT 1 FROM audit_entries WHERE kind = 'staff.signed_in_as'")).toEqual([]);
  });

  it('refuses staff members, oneself and unknown users; validates input', async () => {
    const staff = await post('get-token-as-user', tokens.staff3, {
      userId: await userId(t, roles.staff1),
      reason: 'Ticket 42',
    });
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe('You cannot sign in as another staff member.');
    const self = await post('get-token-as-user', tokens.staff3, {
      userId: await userId(t, roles.staff3),
      reason: 'Ticket 42',
    });
    expect(self.status).toBe(403);
    const unknown = await post('get-token-as-user', tokens.staff3, { userId: 999_999, reason: 'Ticket 42' });
    expect(unknown.status).toBe(404);
    const noReason = await post('get-token-as-user', tokens.staff3, { userId: await userId(t, roles.customer) });
    expect(noReason.status).toBe(422);
    expect(noReason.body.data).toEqual({ reason: ['This value is required.'] });
    const blank = await post('get-token-as-user', tokens.staff3, {
      userId: await userId(t, roles.customer),
      reason: ' ',
    });
    expect(blank.body.data).toEqual({ reason: ['This value is required.'] });
    const noEmail = await post('get-user-by-email', tokens.staff3, { email: 'nobody@demo.test' });
    expect(noEmail.status).toBe(404);
    const badEmail = await post('get-user-by-email', tokens.staff3, { email: 'nope' });
    expect(badEmail.body.data).toEqual({ email: ['This value should be a valid email.'] });
    expect(await t.db.query("SELECT 1 FROM audit_entries WHERE kind = 'staff.signed_in_as'")).toEqual([]);
  });

  it('the audit pages by 20, newest first, and searches by either email', async () => {
    const customer = await userId(t, roles.customer);
    const dana = await userId(t, people.dana);
    await post('get-token-as-user', tokens.staff3, { userId: customer, reason: 'Ticket 42' });
    t.clock.advance(60_000);
    await post('get-token-as-user', tokens.staff3, { userId: dana, reason: 'Ticket 42' });
    const all = await post('get-login-as-user-audit', tokens.staff2);
    const page = all.body.data as { data: { user_email: string }[]; per_page: number; total: number };
    expect(page.per_page).toBe(20);
    expect(page.data.map((r) => r.user_email)).toEqual([people.dana, roles.customer]);
    const search = await post('get-login-as-user-audit', tokens.staff2, { search: 'customer@' });
    expect((search.body.data as { total: number }).total).toBe(1);
  });
});
