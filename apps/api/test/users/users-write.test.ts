import { messages } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { userMessages } from '../../src/modules/users/users.service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accountId, membershipsOf, outbox, people, roles, signInAll, userId, type Role } from './fixtures.ts';

// Every test changes data: each gets a fresh copy of the demo database.
let t: TestApp;
let tokens: Record<Role, string>;
let acc: Record<string, number>;
beforeEach(async () => {
  t = await createTestApp();
  tokens = await signInAll(t);
  const numbers = ['1000101', '1000201', '1000202', '1000203'];
  acc = Object.fromEntries(await Promise.all(numbers.map(async (n) => [n, await accountId(t, n)])));
});
afterEach(() => t.close());

const access = (entries: Record<string, number>) =>
  Object.entries(entries).map(([number, level]) => ({ account_id: acc[number], access_level: level }));

describe('users/update-user', () => {
  it("sets access levels on administered accounts and leaves the user's other accounts alone", async () => {
    const june = await userId(t, people.june);
    const res = await t.call('POST', '/api/users/update-user', {
      token: tokens.admin,
      body: { userId: june, accounts: access({ '1000201': 2, '1000202': 0 }) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user_id: june, email_nm: people.june });
    expect(await membershipsOf(t, people.june)).toEqual({ '1000201': 'admin', '1000203': 'user' });
  });

  it('refuses an account the administrator only uses (FORBIDDEN) or cannot see (NOT_FOUND), and changes nothing', async () => {
    const dana = await userId(t, people.dana);
    const plain = await t.call('POST', '/api/users/update-user', {
      token: tokens.admin,
      body: { userId: dana, accounts: access({ '1000202': 1, '1000203': 1 }) },
    });
    expect(plain.status).toBe(403);
    expect(plain.body).toEqual({ data: null, code: 'FORBIDDEN', message: userMessages.notAdministered });
    // Another company's account answers exactly as an account that does not exist.
    for (const accounts of [access({ '1000202': 1, '1000101': 1 }), [{ account_id: 99_999_999, access_level: 1 }]]) {
      const res = await t.call('POST', '/api/users/update-user', {
        token: tokens.admin,
        body: { userId: dana, accounts },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ data: null, code: 'NOT_FOUND', message: messages.notFound });
    }
    expect(await membershipsOf(t, people.dana)).toEqual({ '1000201': 'user' });
  });

  it("never raises the administrator's own access", async () => {
    const self = await userId(t, roles.admin);
    const res = await t.call('POST', '/api/users/update-user', {
      token: tokens.admin,
      body: { userId: self, accounts: access({ '1000203': 2 }) },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('You cannot raise your own access.');
    expect(await membershipsOf(t, roles.admin)).toEqual({ '1000201': 'admin', '1000202': 'admin', '1000203': 'user' });
  });

  it('never removes the last administrator of an account', async () => {
    const self = await userId(t, roles.admin);
    const res = await t.call('POST', '/api/users/update-user', {
      token: tokens.admin,
      body: { userId: self, accounts: access({ '1000201': 1, '1000202': 2 }) },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { accounts: ['Account 1000201 must keep at least one administrator.'] },
    });
    expect(await membershipsOf(t, roles.admin)).toMatchObject({ '1000201': 'admin' });

    // With a second administrator the first may step down.
    const miguel = await userId(t, people.miguel);
    await t.call('POST', '/api/users/update-user', {
      token: tokens.admin,
      body: { userId: miguel, accounts: access({ '1000201': 2 }) },
    });
    const again = await t.call('POST', '/api/users/update-user', {
      token: tokens.admin,
      body: { userId: self, accounts: access({ '1000201': 1 }) },
    });
    expect(again.status).toBe(200);
    expect(await membershipsOf(t, roles.admin)).toMatchObject({ '1000201': 'user' });
  });

  it('requires at least one account with access, and each account once', async () => {
    const dana = await userId(t, people.dana);
    const none = await t.call('POST', '/api/users/update-user', {
      token: tokens.admin,
      body: { userId: dana, accounts: access({ '1000201': 0, '1000202': 0 }) },
    });
    expect(none.status).toBe(422);
    expect(none.body.data).toEqual({ accounts: [messages.userNeedsAccount] });
    const twice = await t.call('POST', '/api/users/update-user', {
      token: tokens.admin,
      body: { userId: dana, accounts: [...access({ '1000201': 1 }), ...access({ '1000201': 2 })] },
    });
    expect(twice.status).toBe(422);
    const badLevel = await t.call('POST', '/api/users/update-user', {
      token: tokens.admin,
      body: { userId: dana, accounts: access({ '1000201': 3 }) },
    });
    expect(badLevel.body.data).toEqual({
      'accounts.0.access_level': ['This value should be lower than or equal to 2.'],
    });
  });

  it('answers NOT_FOUND for a user of another company, FORBIDDEN to non-administrators, INVALID_TOKEN without a token', async () => {
    const customer = await userId(t, roles.customer);
    const foreign = await t.call('POST', '/api/users/update-user', {
      token: tokens.admin,
      body: { userId: customer, accounts: access({ '1000201': 1 }) },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toBeNull();
    expect(await membershipsOf(t, roles.customer)).not.toHaveProperty('1000201');

    const dana = await userId(t, people.dana);
    for (const role of ['customer', 'staff1', 'staff2', 'staff3'] as const) {
      const res = await t.call('POST', '/api/users/update-user', {
        token: tokens[role],
        body: { userId: dana, accounts: access({ '1000201': 2 }) },
      });
      expect(res.status, role).toBe(403);
      expect(res.body.message).toBe(messages.noPermissionEditUser);
    }
    const anonymous = await t.call('POST', '/api/users/update-user', {
      body: { userId: dana, accounts: access({ '1000201': 2 }) },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('users/delete-user/{userId}', () => {
  it('removes the user from the administered accounts only (GET as in the spec, POST too)', async () => {
    const june = await userId(t, people.june);
    const res = await t.call('GET', `/api/users/delete-user/${june}`, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ account_ids: [acc['1000202']] });
    expect(await membershipsOf(t, people.june)).toEqual({ '1000203': 'user' });
    // June now shares only an account admin@ does not administer: out of reach.
    const gone = await t.call('GET', `/api/users/get-user/${june}`, { token: tokens.admin });
    expect(gone.status).toBe(404);

    const dana = await userId(t, people.dana);
    const post = await t.call('POST', `/api/users/delete-user/${dana}`, { token: tokens.admin });
    expect(post.status).toBe(200);
    expect(await membershipsOf(t, people.dana)).toEqual({});
  });

  it('refuses to delete oneself, users of other companies and unknown ids', async () => {
    const self = await t.call('POST', `/api/users/delete-user/${await userId(t, roles.admin)}`, {
      token: tokens.admin,
    });
    expect(self.status).toBe(403);
    for (const id of [await userId(t, roles.customer), await userId(t, people.rita), 999_999]) {
      const res = await t.call('POST', `/api/users/delete-user/${id}`, { token: tokens.admin });
      expect(res.status).toBe(404);
      expect(res.body.data).toBeNull();
    }
    expect(await membershipsOf(t, roles.customer)).toEqual({ '1000101': 'user', '1000102': 'user', '1000103': 'user' });
  });

  it('an Acme administrator cannot delete a Globex user', async () => {
    const rita = await t.signIn(people.rita);
    const res = await t.call('POST', `/api/users/delete-user/${await userId(t, people.dana)}`, { token: rita });
    expect(res.status).toBe(404);
    expect(await membershipsOf(t, people.dana)).toEqual({ '1000201': 'user' });
  });

  it('answers the spec messages: no permission, invalid id, no token', async () => {
    const dana = await userId(t, people.dana);
    for (const role of ['customer', 'staff1', 'staff2', 'staff3'] as const) {
      const res = await t.call('POST', `/api/users/delete-user/${dana}`, { token: tokens[role] });
      expect(res.status, role).toBe(403);
      expect(res.body.message).toBe(messages.noPermissionDeleteUsers);
    }
    const bad = await t.call('POST', '/api/users/delete-user/x', { token: tokens.admin });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({ userId: [messages.userIdInvalid] });
    const anonymous = await t.call('POST', `/api/users/delete-user/${dana}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('auth/forgot-password/{email} (send a password reset to another user)', () => {
  it('sends a reset to a user of an administered account', async () => {
    const res = await t.call('POST', `/api/auth/forgot-password/${encodeURIComponent(people.dana)}`, {
      token: tokens.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null, code: 'SUCCESS', message: '' });
    expect((await outbox(t, people.dana)).map((m) => m.kind)).toEqual(['password-reset']);
  });

  it('answers NOT_FOUND for users out of reach and unknown emails, sending nothing', async () => {
    const cases: [Role, string][] = [
      ['admin', roles.customer],
      ['admin', 'nobody@demo.test'],
      ['customer', people.dana],
      ['staff1', roles.customer],
    ];
    for (const [role, email] of cases) {
      const res = await t.call('POST', `/api/auth/forgot-password/${encodeURIComponent(email)}`, {
        token: tokens[role],
      });
      expect(res.status, `${role} → ${email}`).toBe(404);
      expect(res.body.data).toBeNull();
    }
    expect(await outbox(t, roles.customer)).toEqual([]);
    expect(await outbox(t, people.dana)).toEqual([]);
  });

  it('lets staff who may administer any account (level 2 and 3) send it', async () => {
    for (const role of ['staff2', 'staff3'] as const) {
      const res = await t.call('POST', `/api/auth/forgot-password/${encodeURIComponent(roles.customer)}`, {
        token: tokens[role],
      });
      expect(res.status, role).toBe(200);
    }
    expect(await outbox(t, roles.customer)).toHaveLength(2);
  });

  it('validates the email and needs a token', async () => {
    const bad = await t.call('POST', '/api/auth/forgot-password/not-an-email', { token: tokens.admin });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({ email: ['This value should be a valid email.'] });
    const anonymous = await t.call('POST', `/api/auth/forgot-password/${encodeURIComponent(people.dana)}`);
    expect(anonymous.status).toBe(401);
  });
});
