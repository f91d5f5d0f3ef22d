import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { batch, newToken, statuses } from './kit.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await newToken(t, await t.signIn(demoEmails.staff3))).token;
});
afterAll(() => t.close());

const account = (n: string, extra: Record<string, unknown> = {}) => ({
  account_number: n,
  name: `Account ${n}`,
  company: 'Initech',
  team: [
    {
      email_nm: 'Pat.Lee@provider.example',
      first_nm: 'Pat',
      last_nm: 'Lee',
      team_title: 'Account Manager',
      phones: ['+1 555 0100'],
    },
  ],
  ...extra,
});

describe('accounts batch', () => {
  it('creates, answers unchanged on repeat, updates, and checks each item on its own', async () => {
    const first = await batch(t, token, 'accounts', [account('9100001'), account('9100002', { require_pin: true })]);
    expect(first.status).toBe(200);
    expect(first.results).toEqual([
      { key: '9100001', status: 'created' },
      { key: '9100002', status: 'created' },
    ]);
    const row = await t.db.one(
      `SELECT a.name, a.company_nm, a.company_key, a.require_pin, a.account_status_cd, m.email_nm, m.team_title
         FROM accounts a JOIN account_team t ON t.account_id = a.account_id
         JOIN team_members m ON m.team_member_id = t.team_member_id WHERE a.account_number = '9100002'`,
    );
    expect(row).toEqual({
      name: 'Account 9100002',
      company_nm: 'Initech',
      company_key: 'Initech',
      require_pin: true,
      account_status_cd: 'A',
      email_nm: 'pat.lee@provider.example',
      team_title: 'Account Manager',
    });

    const again = await batch(t, token, 'accounts', [account('9100001'), account('9100002', { require_pin: true })]);
    expect(statuses(again.results)).toEqual(['unchanged', 'unchanged']);

    const mixed = await batch(t, token, 'accounts', [
      account('9100001', { name: 'Renamed', team: [] }),
      { account_number: '9100003', name: '', company: 'Initech', account_status_cd: 'X', team: 'none' },
      account('9100004'),
    ]);
    expect(mixed.results).toEqual([
      { key: '9100001', status: 'updated' },
      {
        key: '9100003',
        status: 'invalid',
        errors: {
          name: ['This value is required.'],
          account_status_cd: ['This value is not valid.'],
          team: ['This value is not valid.'],
        },
      },
      { key: '9100004', status: 'created' },
    ]);
    const renamed = await t.db.one<{ name: string; team: number }>(
      `SELECT name, (SELECT count(*) FROM account_team t WHERE t.account_id = a.account_id)::int AS team
         FROM accounts a WHERE account_number = '9100001'`,
    );
    expect(renamed).toEqual({ name: 'Renamed', team: 0 });
  });

  it('keeps companies apart: an account cannot move company while its users hold the old company', async () => {
    // customer@ holds 1000101..1000103 of Acme Logistics.
    const res = await batch(t, token, 'accounts', [
      { account_number: '1000101', name: 'Acme Logistics – Corporate', company: 'Globex' },
    ]);
    expect(res.results).toEqual([
      {
        key: '1000101',
        status: 'invalid',
        errors: { company: ['Users of this account hold accounts of another company.'] },
      },
    ]);
  });
});

describe('users batch', () => {
  it('creates a user with access and mails a set-password invitation; repeat is unchanged', async () => {
    await batch(t, token, 'accounts', [account('9200001'), account('9200002')]);
    const item = {
      email_nm: 'New.Person@initech.example',
      first_nm: 'New',
      last_nm: 'Person',
      accounts: [{ account_number: '9200001', is_account_admin: true }, { account_number: '9200002' }],
      send_invitation: true,
    };
    const res = await batch(t, token, 'users', [item]);
    expect(res.results).toEqual([{ key: 'new.person@initech.example', status: 'created' }]);
    const access = await t.db.query(
      `SELECT a.account_number, au.is_account_admin FROM accounts_users au
         JOIN accounts a ON a.account_id = au.account_id JOIN users u ON u.user_id = au.user_id
        WHERE u.email_nm = 'new.person@initech.example' ORDER BY 1`,
    );
    expect(access).toEqual([
      { account_number: '9200001', is_account_admin: true },
      { account_number: '9200002', is_account_admin: false },
    ]);
    const mail = await t.db.query<{ kind: string; links: string[] }>(
      `SELECT kind, links FROM mail_outbox WHERE to_address = 'new.person@initech.example'`,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.kind).toBe('set-password');
    expect(mail[0]?.links[0]).toMatch(/\/portal\/login\/verify-account\/\d+\/[\w-]+$/);

    expect(statuses((await batch(t, token, 'users', [item])).results)).toEqual(['unchanged']);
    // Leaving an account out of the list removes that access; no second invitation.
    const fewer = await batch(t, token, 'users', [{ ...item, accounts: [{ account_number: '9200002' }] }]);
    expect(statuses(fewer.results)).toEqual(['updated']);
    const left = await t.db.query(
      `SELECT a.account_number FROM accounts_users au JOIN accounts a ON a.account_id = au.account_id
         JOIN users u ON u.user_id = au.user_id WHERE u.email_nm = 'new.person@initech.example'`,
    );
    expect(left).toEqual([{ account_number: '9200002' }]);
    expect(await t.db.query(`SELECT 1 FROM mail_outbox WHERE to_address = 'new.person@initech.example'`)).toHaveLength(
      1,
    );
  });

  it('refuses missing accounts, accounts of two companies and a bad email, beside a valid item', async () => {
    const res = await batch(t, token, 'users', [
      { email_nm: 'a@initech.example', first_nm: 'A', last_nm: 'B', accounts: [{ account_number: '9999999' }] },
      {
        email_nm: 'b@initech.example',
        first_nm: 'A',
        last_nm: 'B',
        accounts: [{ account_number: '9200001' }, { account_number: '1000101' }],
      },
      { email_nm: 'not-an-email', first_nm: 'A', last_nm: 'B' },
      { email_nm: 'c@initech.example', first_nm: 'C', last_nm: 'D', accounts: [{ account_number: '9200001' }] },
    ]);
    expect(res.results).toEqual([
      {
        key: 'a@initech.example',
        status: 'invalid',
        errors: { 'accounts.0.account_number': ['No account has this number.'] },
      },
      {
        key: 'b@initech.example',
        status: 'invalid',
        errors: { accounts: ['These accounts belong to different companies.'] },
      },
      { key: 'not-an-email', status: 'invalid', errors: { email_nm: ['This value should be a valid email.'] } },
      { key: 'c@initech.example', status: 'created' },
    ]);
    expect(
      await t.db.query(`SELECT 1 FROM users WHERE email_nm IN ('a@initech.example', 'b@initech.example')`),
    ).toEqual([]);
  });
});

describe('products and orders batches', () => {
  const product = {
    product_cd: 'FIBER1',
    product: 'Dedicated fiber',
    short_product_name: 'Fiber',
    product_group: 'Network',
    product_controller: 'network',
  };
  const order = {
    order_number: 'ORD-9100001-1',
    account_number: '9100001',
    product_cd: 'FIBER1',
    circuit_id: 'CKT-1',
    order_status_cd: 'A',
    contract_start: '2026-01-15',
    term_cd: '36',
    project_manager: 'pat.lee@provider.example',
    components: [
      { component_key: 'port', description: '10G port', quantity: 2, rate: '125.123456', mrc_charges: '250.25' },
      { component_key: 'ip', description: 'IPv4 /29', unit_of_measure: 'block', mrc_charges: 20 },
    ],
  };

  it('creates, repeats unchanged, replaces components, and sums the monthly charge exactly', async () => {
    expect(statuses((await batch(t, token, 'products', [product])).results)).toEqual(['created']);
    expect(statuses((await batch(t, token, 'products', [product])).results)).toEqual(['unchanged']);
    expect(statuses((await batch(t, token, 'products', [{ ...product, active: false }])).results)).toEqual(['updated']);

    expect((await batch(t, token, 'orders', [order])).results).toEqual([{ key: 'ORD-9100001-1', status: 'created' }]);
    expect(statuses((await batch(t, token, 'orders', [order])).results)).toEqual(['unchanged']);
    const row = await t.db.one(
      `SELECT o.mrc_charges::text AS mrc, o.uss_circuit_id, o.contract_start_date,
         (SELECT json_agg(json_build_object('key', c.component_key, 'q', c.quantity::text, 'rate', c.rate::text)
                 ORDER BY c.sort_order) FROM order_components c WHERE c.base_order_id = o.base_order_id) AS components
       FROM orders o WHERE order_number = 'ORD-9100001-1'`,
    );
    expect(row).toEqual({
      mrc: '270.2500',
      uss_circuit_id: 'CKT-1',
      contract_start_date: '2026-01-15',
      components: [
        { key: 'port', q: '2.0000', rate: '125.123456' },
        { key: 'ip', q: '1.0000', rate: null },
      ],
    });
    const replaced = await batch(t, token, 'orders', [{ ...order, components: [order.components[1]] }]);
    expect(statuses(replaced.results)).toEqual(['updated']);
    expect(
      await t.db.query(
        `SELECT component_key FROM order_components c JOIN orders o USING (base_order_id) WHERE o.order_number = 'ORD-9100001-1'`,
      ),
    ).toEqual([{ component_key: 'ip' }]);
  });

  it('answers invalid for keys naming missing rows and bad values, beside a valid item', async () => {
    const res = await batch(t, token, 'orders', [
      {
        ...order,
        order_number: 'ORD-X1',
        account_number: '9999999',
        product_cd: 'NOPE',
        project_manager: 'who@x.example',
      },
      {
        ...order,
        order_number: 'ORD-X2',
        contract_start: '2026-02-30',
        components: [{ component_key: 'a', description: 'd', mrc_charges: '1.234' }],
      },
      { ...order, order_number: 'ORD-X3' },
    ]);
    expect(res.results).toEqual([
      {
        key: 'ORD-X1',
        status: 'invalid',
        errors: {
          account_number: ['No account has this number.'],
          product_cd: ['No product has this code.'],
          project_manager: ['No account team member has this email.'],
        },
      },
      {
        key: 'ORD-X2',
        status: 'invalid',
        errors: {
          contract_start: ['This value should be a date (YYYY-MM-DD).'],
          'components.0.mrc_charges': ['This value should be a decimal number with at most 2 decimals.'],
        },
      },
      { key: 'ORD-X3', status: 'created' },
    ]);
  });
});
