import { messages } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../helpers/test-app.ts';
import { accountId, people, roles, appWithRoles, userId, type Role } from './fixtures.ts';

let t: TestApp, tokens: Record<Role, string>;
beforeAll(async () => ({ t, tokens } = await appWithRoles()));
afterAll(() => t.close());

interface ListedUser {
  user_id: number;
  email_nm: string;
  accounts_users: { account_id: number; is_account_admin: boolean }[];
}

describe('users/get-users', () => {
  it("lists only users of accounts the viewer administers, with memberships in the viewer's accounts only", async () => {
    const res = await t.call('GET', '/api/users/get-users', { token: tokens.admin });
    expect(res.status).toBe(200);
    const page = res.body.data as { data: ListedUser[]; total: number; per_page: number; current_page: number };
    const emails = page.data.map((u) => u.email_nm).sort();
    expect(emails).toEqual([roles.admin, people.dana, people.june, people.miguel].sort());
    expect(page).toMatchObject({ total: 4, per_page: 20, current_page: 1 });
    const globex = new Set(await Promise.all(['1000201', '1000202', '1000203'].map((n) => accountId(t, n))));
    for (const user of page.data) for (const m of user.accounts_users) expect(globex.has(m.account_id)).toBe(true);
  });

  it('never shows users of another company (Acme administrator sees only Acme users)', async () => {
    const rita = await t.signIn(people.rita);
    const res = await t.call('GET', '/api/users/get-users', { token: rita });
    const emails = (res.body.data as { data: ListedUser[] }).data.map((u) => u.email_nm);
    expect(emails).toContain(roles.customer);
    expect(emails).not.toContain(roles.admin);
    expect(emails).not.toContain(people.dana);
  });

  it('searches by name or email and sorts by the given column', async () => {
    const search = await t.call('GET', '/api/users/get-users?search=whitaker', { token: tokens.admin });
    expect((search.body.data as { data: ListedUser[] }).data.map((u) => u.email_nm)).toEqual([people.dana]);
    const sorted = await t.call('GET', '/api/users/get-users?sort=email_nm&order=desc', { token: tokens.admin });
    const emails = (sorted.body.data as { data: ListedUser[] }).data.map((u) => u.email_nm);
    expect(emails).toEqual([...emails].sort().reverse());
  });

  it('answers FORBIDDEN with the spec message to users who administer no account (customer, staff)', async () => {
    for (const role of ['customer', 'staff1', 'staff2', 'staff3'] as const) {
      const res = await t.call('GET', '/api/users/get-users', { token: tokens[role] });
      expect(res.status, role).toBe(403);
      expect(res.body).toEqual({ data: null, code: 'FORBIDDEN', message: messages.noPermissionEditUsers });
    }
  });

  it('validates paging and sorting', async () => {
    const res = await t.call('GET', '/api/users/get-users?page=0&sort=password_hash', { token: tokens.admin });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.body.data as object).sort()).toEqual(['page', 'sort']);
  });

  it('needs a token', async () => {
    const res = await t.call('GET', '/api/users/get-users');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_TOKEN');
  });
});

describe('users/get-user/{userId}', () => {
  it('answers a user of an administered account', async () => {
    const dana = await userId(t, people.dana);
    const res = await t.call('GET', `/api/users/get-user/${dana}`, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      user_id: dana,
      email_nm: people.dana,
      first_nm: 'Dana',
      last_nm: 'Whitaker',
      two_factor_enabled: false,
      email_verified: true,
      accounts_users: [{ account_id: await accountId(t, '1000201'), is_account_admin: false }],
    });
  });

  it('answers NOT_FOUND with no data for users outside the administered accounts, and unknown ids', async () => {
    const outsiders = [
      await userId(t, roles.customer),
      await userId(t, people.rita),
      await userId(t, roles.staff3),
      999_999,
    ];
    for (const id of outsiders) {
      const res = await t.call('GET', `/api/users/get-user/${id}`, { token: tokens.admin });
      expect(res.status, String(id)).toBe(404);
      expect(res.body.data).toBeNull();
      expect(res.body.code).toBe('NOT_FOUND');
    }
  });

  it('hides a user who shares only an account the viewer does not administer', async () => {
    // Leo belongs only to 1000203, where admin@ is a plain user.
    const { user_id: leo } = (await t.db.one<{ user_id: number }>(
      `INSERT INTO users (email_nm, first_nm, last_nm) VALUES ('leo@globex-health.example', 'Leo', 'Ng') RETURNING user_id`,
    )) as { user_id: number };
    await t.db.query('INSERT INTO accounts_users (account_id, user_id) VALUES ($1, $2)', [
      await accountId(t, '1000203'),
      leo,
    ]);
    const res = await t.call('GET', `/api/users/get-user/${leo}`, { token: tokens.admin });
    expect(res.status).toBe(404);
    const list = await t.call('GET', '/api/users/get-users', { token: tokens.admin });
    expect((list.body.data as { data: ListedUser[] }).data.map((u) => u.user_id)).not.toContain(leo);
  });

  it('answers FORBIDDEN to users who administer no account', async () => {
    const dana = await userId(t, people.dana);
    for (const role of ['customer', 'staff1', 'staff2', 'staff3'] as const) {
      const res = await t.call('GET', `/api/users/get-user/${dana}`, { token: tokens[role] });
      expect(res.status, role).toBe(403);
      expect(res.body.message).toBe(messages.noPermissionEditUser);
    }
  });

  it('validates the id and needs a token', async () => {
    const bad = await t.call('GET', '/api/users/get-user/abc', { token: tokens.admin });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({ userId: ['This value should be a valid integer.'] });
    const anonymous = await t.call('GET', '/api/users/get-user/1');
    expect(anonymous.body.code).toBe('INVALID_TOKEN');
  });
});
