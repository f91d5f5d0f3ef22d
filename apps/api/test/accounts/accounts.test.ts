import { messages } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { demoEmails } from '../../src/seed/demo.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { accountId, membershipsOf, people, roles, appWithRoles, type Role } from '../users/fixtures.ts';

let t: TestApp, tokens: Record<Role, string>;
beforeEach(async () => ({ t, tokens } = await appWithRoles()));
afterEach(() => t.close());

const invoiceOf = async (accountNumber: string) =>
  (
    await t.db.one<{ invoice_number: string }>(
      `SELECT i.invoice_number FROM invoices i JOIN accounts a ON a.account_id = i.account_id
        WHERE a.account_number = $1 ORDER BY i.bill_date DESC LIMIT 1`,
      [accountNumber],
    )
  )?.invoice_number as string;

describe('accounts/get-accounts', () => {
  it("still answers the caller's accounts with their admin flag", async () => {
    const res = await t.call('GET', '/api/accounts/get-accounts', { token: tokens.admin });
    expect(res.status).toBe(200);
    const list = res.body.data as { account_number: string; is_account_admin: boolean }[];
    expect(Object.fromEntries(list.map((a) => [a.account_number, a.is_account_admin]))).toEqual({
      '1000201': true,
      '1000202': true,
      '1000203': false,
    });
  });
});

describe('accounts/add-account', () => {
  it('links an account proven by its account number and an invoice number (user access when it has an administrator)', async () => {
    const token = await t.signIn(demoEmails.noAccounts);
    const res = await t.call('POST', '/api/accounts/add-account', {
      token,
      body: { account_number: '1000201', invoice_number: await invoiceOf('1000201') },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ account_number: '1000201', is_account_admin: false });
    expect(await membershipsOf(t, demoEmails.noAccounts)).toEqual({ '1000201': 'user' });
  });

  it('makes the caller administrator of an account that has none', async () => {
    await t.db.query('UPDATE accounts_users SET is_account_admin = false WHERE account_id = $1', [
      await accountId(t, '1000201'),
    ]);
    const res = await t.call('POST', '/api/accounts/add-account', {
      token: tokens.customer,
      body: { account_number: '1000201', invoice_number: await invoiceOf('1000201') },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ is_account_admin: true });
  });

  it('refuses numbers that do not match, an account already linked, and bad input', async () => {
    const wrong = await t.call('POST', '/api/accounts/add-account', {
      token: tokens.customer,
      body: { account_number: '1000201', invoice_number: await invoiceOf('1000101') },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data).toEqual({
      invoice_number: ['The account number and invoice number do not match any account.'],
    });
    expect(await membershipsOf(t, roles.customer)).not.toHaveProperty('1000201');

    const linked = await t.call('POST', '/api/accounts/add-account', {
      token: tokens.customer,
      body: { account_number: '1000101', invoice_number: await invoiceOf('1000101') },
    });
    expect(linked.status).toBe(422);
    expect(linked.body.data).toEqual({ account_number: ['This account is already linked to your portal user.'] });

    const bad = await t.call('POST', '/api/accounts/add-account', {
      token: tokens.customer,
      body: { account_number: 'abc' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.data as object).sort()).toEqual(['account_number', 'invoice_number']);
    expect((await t.call('POST', '/api/accounts/add-account', { body: {} })).status).toBe(401);
  });

  it('stops guessing: too many wrong numbers answer TOO_MANY_ATTEMPTS', async () => {
    let last = 0;
    for (let i = 0; i < 12; i += 1) {
      const res = await t.call('POST', '/api/accounts/add-account', {
        token: tokens.customer,
        body: { account_number: '1000201', invoice_number: `WRONG-${i}` },
      });
      last = res.status;
    }
    expect(last).toBe(429);
    // Even the right numbers wait for the window to pass.
    const right = await t.call('POST', '/api/accounts/add-account', {
      token: tokens.customer,
      body: { account_number: '1000201', invoice_number: await invoiceOf('1000201') },
    });
    expect(right.body.code).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('accounts/remove-accounts', () => {
  it("removes accounts from the caller's own access and answers their ids", async () => {
    const legacy = await accountId(t, '1000103');
    const res = await t.call('POST', '/api/accounts/remove-accounts', {
      token: tokens.customer,
      body: { accounts: [{ account_id: legacy }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([legacy]);
    expect(await membershipsOf(t, roles.customer)).toEqual({ '1000101': 'user', '1000102': 'user' });
  });

  it('requires at least one account (spec message)', async () => {
    for (const body of [{ accounts: [] }, {}]) {
      const res = await t.call('POST', '/api/accounts/remove-accounts', { token: tokens.customer, body });
      expect(res.status).toBe(422);
      expect(res.body.data).toEqual({ accounts: [messages.selectAccountToRemove] });
    }
  });

  it("answers NOT_FOUND for an account that is not the caller's, and removes nothing", async () => {
    const res = await t.call('POST', '/api/accounts/remove-accounts', {
      token: tokens.customer,
      body: {
        accounts: [{ account_id: await accountId(t, '1000101') }, { account_id: await accountId(t, '1000201') }],
      },
    });
    expect(res.status).toBe(404);
    expect(res.body.data).toBeNull();
    expect(await membershipsOf(t, roles.customer)).toHaveProperty('1000101');
  });

  it('never removes the last administrator of an account; a plain membership goes', async () => {
    const res = await t.call('POST', '/api/accounts/remove-accounts', {
      token: tokens.admin,
      body: {
        accounts: [{ account_id: await accountId(t, '1000201') }, { account_id: await accountId(t, '1000203') }],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      accounts: [
        'You are the only administrator of account 1000201. Make another user an administrator before removing it.',
      ],
    });
    expect(await membershipsOf(t, roles.admin)).toEqual({ '1000201': 'admin', '1000202': 'admin', '1000203': 'user' });
    const plain = await t.call('POST', '/api/accounts/remove-accounts', {
      token: tokens.admin,
      body: { accounts: [{ account_id: await accountId(t, '1000203') }] },
    });
    expect(plain.status).toBe(200);
  });

  it('lets staff remove their own accounts and needs a token', async () => {
    const res = await t.call('POST', '/api/accounts/remove-accounts', {
      token: tokens.staff1,
      body: { accounts: [{ account_id: await accountId(t, '1000301') }] },
    });
    expect(res.status).toBe(200);
    expect(
      (await t.call('POST', '/api/accounts/remove-accounts', { body: { accounts: [{ account_id: 1 }] } })).status,
    ).toBe(401);
  });
});

describe('accounts/update-accounts', () => {
  it('sets the two-factor requirement of the administered accounts: listed on, others off', async () => {
    const main = await accountId(t, '1000201');
    const clinics = await accountId(t, '1000202');
    await t.db.query('UPDATE accounts SET is_2fa_required = true WHERE account_id = $1', [clinics]);
    await t.db.query('UPDATE users SET two_factor_enabled = true WHERE lower(email_nm) = $1', [roles.admin]);
    const res = await t.call('POST', '/api/accounts/update-accounts', {
      token: tokens.admin,
      body: { accounts: [{ account_id: main }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([main]);
    const rows = await t.db.query<{ account_number: string; is_2fa_required: boolean }>(
      "SELECT account_number, is_2fa_required FROM accounts WHERE account_number IN ('1000201', '1000202', '1000203') ORDER BY 1",
    );
    expect(rows.map((r) => r.is_2fa_required)).toEqual([true, false, false]);
    // Dana (1000201, two-factor off) is now asked to turn it on before using the portal.
    const dana = await t.signIn(people.dana);
    const gated = await t.call('GET', '/api/accounts/get-accounts', { token: dana });
    expect(gated.status).toBe(200);
    const other = await t.call('POST', '/api/tickets/get-tickets-requesting-response', { token: dana });
    expect(other.body.code).toBe('USS_TWO_FACTOR_AUTH_REQUIRED');
  });

  it('refuses to require two-factor while the administrator has it off (it would shut them out)', async () => {
    const res = await t.call('POST', '/api/accounts/update-accounts', {
      token: tokens.admin,
      body: { accounts: [{ account_id: await accountId(t, '1000201') }] },
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      accounts: ['Turn on two-factor authentication in your profile before requiring it on an account.'],
    });
    // Turning requirements off needs no two-factor.
    const off = await t.call('POST', '/api/accounts/update-accounts', { token: tokens.admin, body: { accounts: [] } });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual([]);
  });

  it('refuses accounts the caller only uses (FORBIDDEN) or cannot see (NOT_FOUND), and changes nothing', async () => {
    const plain = await t.call('POST', '/api/accounts/update-accounts', {
      token: tokens.admin,
      body: { accounts: [{ account_id: await accountId(t, '1000203') }] },
    });
    expect(plain.status).toBe(403);
    expect(plain.body.code).toBe('FORBIDDEN');
    // Another company's account answers exactly as an account that does not exist.
    for (const account_id of [await accountId(t, '1000101'), 99_999_999]) {
      const res = await t.call('POST', '/api/accounts/update-accounts', {
        token: tokens.admin,
        body: { accounts: [{ account_id: await accountId(t, '1000201') }, { account_id }] },
      });
      expect(res.status, String(account_id)).toBe(404);
      expect(res.body).toEqual({ data: null, code: 'NOT_FOUND', message: messages.notFound });
    }
    const required = await t.db.query('SELECT 1 FROM accounts WHERE is_2fa_required AND account_number LIKE $1', [
      '10002%',
    ]);
    expect(required).toEqual([]);
  });

  it('answers FORBIDDEN to users who administer no account, VALIDATION_ERROR to bad ids, INVALID_TOKEN without a token', async () => {
    for (const role of ['customer', 'staff1', 'staff2', 'staff3'] as const) {
      const res = await t.call('POST', '/api/accounts/update-accounts', {
        token: tokens[role],
        body: { accounts: [] },
      });
      expect(res.status, role).toBe(403);
    }
    const bad = await t.call('POST', '/api/accounts/update-accounts', {
      token: tokens.admin,
      body: { accounts: [{ account_id: 'x' }] },
    });
    expect(bad.status).toBe(422);
    expect((await t.call('POST', '/api/accounts/update-accounts', { body: {} })).status).toBe(401);
  });
});
