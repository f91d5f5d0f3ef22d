import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { AuditEntry } from '@portal/contract';

import { pruneAudit } from '../../src/modules/audit/audit.service.ts';
import { DEMO_PASSWORD } from '../../src/seed/demo.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { batch, newToken } from '../integration/kit.ts';
import { accountId, appWithRoles, people, roles, userId, type Role } from '../users/fixtures.ts';

let t: TestApp, tokens: Record<Role, string>;
let globex: number;
beforeEach(async () => {
  ({ t, tokens } = await appWithRoles());
  globex = await accountId(t, '1000201');
});
afterEach(() => t.close());

type Page = { data: AuditEntry[]; current_page: number; last_page: number; per_page: number; total: number };

const entries = async (token: string | undefined, query: Record<string, string | number>) =>
  t.call(
    'GET',
    `/api/audit/get-entries?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]))}`,
    {
      ...(token ? { token } : {}),
    },
  );
const page = async (token: string, query: Record<string, string | number>) => {
  const res = await entries(token, query);
  expect(res.body.code).toBe('SUCCESS');
  return res.body.data as Page;
};

describe('audit/get-entries', () => {
  it("shows an account's administrators who did what, newest first: their sign-in, a change of access", async () => {
    const dana = await userId(t, people.dana);
    const change = await t.call('POST', '/api/users/update-user', {
      token: tokens.admin,
      body: { userId: dana, accounts: [{ account_id: globex, access_level: 2 }] },
    });
    expect(change.body.code).toBe('SUCCESS');
    const log = await page(tokens.admin, { account_id: globex });
    expect(log.per_page).toBe(25);
    expect(log.data[0]).toMatchObject({
      kind: 'user.access_changed',
      user_email: roles.admin,
      user_name: 'Avery Brooks',
      subject: people.dana,
      detail: 'Access set to admin access',
      staff_name: null,
    });
    expect(log.data.find((e) => e.kind === 'sign_in' && e.user_email === roles.admin)).toMatchObject({
      detail: 'With a password',
    });
    expect(Math.abs((log.data[0]?.occurred_at ?? 0) - t.clock.now() / 1000)).toBeLessThan(2);
  });

  it('filters by user, kind and UTC dates, and pages', async () => {
    const admin = await userId(t, roles.admin);
    const signIns = await page(tokens.admin, { account_id: globex, kind: 'sign_in', user_id: admin });
    expect(signIns.data.length).toBeGreaterThan(0);
    expect(signIns.data.every((e) => e.kind === 'sign_in' && e.user_id === admin)).toBe(true);
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    expect((await page(tokens.admin, { account_id: globex, from: today, to: today })).total).toBe(
      (await page(tokens.admin, { account_id: globex })).total,
    );
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    const later = new Date(t.clock.now()).toISOString().slice(0, 10);
    expect((await page(tokens.admin, { account_id: globex, from: later })).total).toBe(0);
    expect((await page(tokens.admin, { account_id: globex, to: today })).total).toBeGreaterThan(0);
    for (let i = 0; i < 26; i++) await t.signIn(roles.admin);
    const second = await page(tokens.admin, { account_id: globex, page: 2 });
    expect(second.current_page).toBe(2);
    expect(second.last_page).toBeGreaterThanOrEqual(2);
    expect(second.data.length).toBeGreaterThan(0);
  });

  it('refuses bad input with the field messages', async () => {
    const res = await entries(tokens.admin, { account_id: 'x', kind: 'nope', from: '2026-13-01', page: 0 });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.data).toMatchObject({
      account_id: ['This value should be a valid integer.'],
      kind: ['This value is not valid.'],
      from: ['This value should be a date (YYYY-MM-DD).'],
    });
    const order = await entries(tokens.admin, { account_id: globex, from: '2026-02-02', to: '2026-02-01' });
    expect(order.body.data).toEqual({ to: ['This value should be on or after the From date.'] });
  });

  it('without a token: INVALID_TOKEN', async () => {
    const res = await entries(undefined, { account_id: globex });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_TOKEN');
  });

  it("a plain user of the account is FORBIDDEN; another company's account is NOT_FOUND", async () => {
    const plain = await entries(tokens.admin, { account_id: await accountId(t, '1000203') });
    expect(plain.status).toBe(403);
    expect(plain.body).toEqual({
      data: null,
      code: 'FORBIDDEN',
      message: "Your account does not have permission to see this account's audit log.",
    });
    expect((await entries(tokens.customer, { account_id: await accountId(t, '1000101') })).status).toBe(403);
    const other = await entries(tokens.admin, { account_id: await accountId(t, '1000101') });
    expect(other.status).toBe(404);
    expect(other.body.data).toBeNull();
    expect((await entries(tokens.admin, { account_id: 999_999 })).status).toBe(404);
  });

  it('staff of every level read any account; an unknown account is NOT_FOUND', async () => {
    for (const role of ['staff1', 'staff2', 'staff3'] as const) {
      const log = await page(tokens[role], { account_id: await accountId(t, '1000101') });
      expect(log.data.some((e) => e.kind === 'sign_in' && e.user_email === roles.customer)).toBe(true);
    }
    expect((await entries(tokens.staff1, { account_id: 999_999 })).status).toBe(404);
  });
});

describe('what is recorded', () => {
  it('a staff sign-in as a user, with the name and the reason, and what they do as that user', async () => {
    const dana = await userId(t, people.dana);
    const as = await t.call('POST', '/api/admin/get-token-as-user', {
      token: tokens.staff3,
      body: { userId: dana, reason: 'Ticket 4711: cannot see invoices' },
    });
    expect(as.body.code).toBe('SUCCESS');
    const token = (as.body.data as { token: string }).token;
    const order = await t.db.one<{ base_order_id: number }>(
      'SELECT base_order_id FROM orders WHERE account_id = $1 ORDER BY base_order_id LIMIT 1',
      [globex],
    );
    const alias = await t.call('POST', '/api/orders/change-alias', {
      token,
      body: { base_order_id: order!.base_order_id, alias: 'Main line' },
    });
    expect(alias.body.code).toBe('SUCCESS');
    const log = await page(tokens.admin, { account_id: globex });
    expect(log.data[1]).toMatchObject({
      kind: 'staff.signed_in_as',
      user_email: people.dana,
      staff_name: 'Taylor Quinn',
      reason: 'Ticket 4711: cannot see invoices',
    });
    expect(log.data[0]).toMatchObject({
      kind: 'order.alias_changed',
      user_email: people.dana,
      detail: 'Alias set to Main line',
    });
    expect(log.data[0]?.staff_name).toBe(log.data[1]?.staff_name);
  });

  it('profile, password and two-factor requirement changes of its users', async () => {
    const profile = await t.call('POST', '/api/users/update-profile', {
      token: tokens.admin,
      body: { email_nm: roles.admin, first_nm: 'Avery', last_nm: 'Brookes', passwd: DEMO_PASSWORD },
    });
    expect(profile.body.code).toBe('SUCCESS');
    const kinds = (await page(tokens.admin, { account_id: globex })).data.map((e) => [e.kind, e.detail]);
    expect(kinds[0]).toEqual(['profile.changed', 'Changed name from Avery Brooks to Avery Brookes']);
  });

  it('every call of a customer API token: its name, the call and the address, refused ones with the reason', async () => {
    const created = await t.call('POST', '/api/api-tokens/create-token', {
      token: tokens.admin,
      body: { name: 'Accounting export', account_ids: [globex], scopes: ['invoices:read'], expires_in_days: 30 },
    });
    const secret = (created.body.data as { token: string }).token;
    expect((await t.call('POST', '/api/invoices/get-invoices', { token: secret, body: {} })).body.code).toBe('SUCCESS');
    expect((await t.call('POST', '/api/tickets/get-tickets', { token: secret, body: {} })).status).toBe(403);
    const log = await page(tokens.admin, { account_id: globex, kind: 'api_token.call' });
    expect(log.data.map((e) => [e.token_name, e.call_id, e.detail, e.user_id])).toEqual([
      [
        'Accounting export',
        'tickets.getTickets',
        'Refused: This API token does not have the tickets:read scope.',
        null,
      ],
      ['Accounting export', 'invoices.getInvoices', null, null],
    ]);
    expect(log.data[0]?.address).toBeTruthy();
    // Only the token's accounts show its calls.
    const other = await page(tokens.admin, { account_id: await accountId(t, '1000202'), kind: 'api_token.call' });
    expect(other.total).toBe(0);
  });

  it("the provider's feed changing an account", async () => {
    const feed = (await newToken(t, tokens.staff3)).token;
    const company = await t.db.one<{ company_nm: string }>('SELECT company_nm FROM accounts WHERE account_id = $1', [
      globex,
    ]);
    const res = await batch(t, feed, 'accounts', [
      { account_number: '1000201', name: 'Globex Main Campus', company: company!.company_nm, team: [] },
    ]);
    expect(res.results).toEqual([{ key: '1000201', status: 'updated' }]);
    const log = await page(tokens.admin, { account_id: globex, kind: 'integration.changed' });
    expect(log.total).toBe(1);
    expect(log.data[0]?.detail).toMatch(/^The provider's systems changed the account: .*name/);
    expect(log.data[0]?.user_id).toBeNull();
  });

  it('a rolled-back action leaves no entry', async () => {
    const before = (await page(tokens.admin, { account_id: globex })).total;
    const admin = await userId(t, roles.admin);
    // Removing the last administrator of an account is refused, and rolled back with its entry.
    const res = await t.call('POST', '/api/users/update-user', {
      token: tokens.admin,
      body: { userId: admin, accounts: [{ account_id: globex, access_level: 1 }] },
    });
    expect(res.body.code).not.toBe('SUCCESS');
    expect((await page(tokens.admin, { account_id: globex })).total).toBe(before);
  });
});

describe('audit/get-entry-users and audit/export-entries', () => {
  it('lists the users in the log and exports it as CSV with the same filters', async () => {
    const users = await t.call('GET', `/api/audit/get-entry-users?account_id=${globex}`, { token: tokens.admin });
    expect(users.body.data).toContainEqual({
      user_id: await userId(t, roles.admin),
      name: `Avery Brooks (${roles.admin})`,
    });
    const csv = await t.call('GET', `/api/audit/export-entries?account_id=${globex}&kind=sign_in`, {
      token: tokens.admin,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('audit-log-1000201.csv');
    const lines = csv.raw.trimEnd().split('\r\n');
    expect(lines[0]).toBe('When (UTC),Kind,User,User email,Staff member,Reason,API token,Call,Address,Subject,Detail');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes(',Signed in,'))).toBe(true);
  });

  it('refuse bad input, no token, a plain user and another company; staff may', async () => {
    for (const path of ['get-entry-users', 'export-entries']) {
      const url = (id: number | string) => `/api/audit/${path}?account_id=${id}`;
      expect((await t.call('GET', url('x'), { token: tokens.admin })).body.data).toEqual({
        account_id: ['This value should be a valid integer.'],
      });
      expect((await t.call('GET', url(globex), {})).body.code).toBe('INVALID_TOKEN');
      expect((await t.call('GET', url(await accountId(t, '1000203')), { token: tokens.admin })).status).toBe(403);
      const other = await t.call('GET', url(await accountId(t, '1000101')), { token: tokens.admin });
      expect(other.status).toBe(404);
      expect((await t.call('GET', url(globex), { token: tokens.staff1 })).status).toBe(200);
    }
  });
});

describe('retention', () => {
  it('removes the entries older than AUDIT_RETENTION_DAYS', async () => {
    expect((await page(tokens.admin, { account_id: globex })).total).toBeGreaterThan(0);
    t.clock.advance(366 * 24 * 60 * 60 * 1000);
    const fresh = await t.signIn(roles.admin);
    const removed = await pruneAudit({ db: t.db, clock: t.clock, env: { AUDIT_RETENTION_DAYS: 365 } as never });
    expect(removed).toBeGreaterThan(0);
    const log = await page(fresh, { account_id: globex });
    expect(log.total).toBe(1);
    expect(log.data[0]?.kind).toBe('sign_in');
  });
});
