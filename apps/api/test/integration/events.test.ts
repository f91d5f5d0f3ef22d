import type { IntegrationEvent, Paged } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { newToken } from './kit.ts';

let t: TestApp;
let staff: string;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signIn(demoEmails.staff3);
  token = (await newToken(t, staff, ['events'])).token;
});
afterAll(() => t.close());

interface Feed {
  events: IntegrationEvent[];
  next_cursor: number;
}
const feed = async (query = '', as = token) => t.call('GET', `/api/integration/v1/events${query}`, { token: as });
const all = async () => (await feed('?limit=1000')).body.data as Feed;

describe('events feed', () => {
  it('records customer actions in the same transaction, in order, readable by cursor', async () => {
    const start = (await all()).next_cursor;
    const customer = await t.signIn(demoEmails.customer);
    const orders = (await t.call('POST', '/api/orders/get-orders', { token: customer, body: {} })).body.data as Paged<{
      base_order_id: number;
      order_number: string;
    }>;
    const order = orders.data[0]!;

    const ticket = await t.call('POST', '/api/tickets/create-ticket', {
      token: customer,
      body: {
        base_order_id: order.base_order_id,
        subject: 'Packet loss',
        description: 'We see loss.',
        impact: 'High',
        contact_name: 'Casey Morgan',
        contact_email: 'casey@demo.test',
      },
    });
    const { ticket_id, ticket_number } = ticket.body.data as { ticket_id: number; ticket_number: string };
    await t.call('POST', '/api/tickets/reply-to-ticket', {
      token: customer,
      body: { ticketId: ticket_id, body: 'More.' },
    });
    await t.call('POST', '/api/orders/change-alias', {
      token: customer,
      body: { base_order_id: order.base_order_id, alias: 'Main link' },
    });
    await t.call('POST', '/api/contact/inquire', {
      token: customer,
      body: {
        inquiry_type: 'feedback',
        first_name: 'Casey',
        last_name: 'Morgan',
        email: 'casey@demo.test',
        subject: 'Feedback',
        inquiry: 'Nice portal.',
      },
    });
    const legal = await t.signIn(demoEmails.legal);
    const pending = (await t.call('POST', '/api/legal/get-unnaccepted-agreements', { token: legal, body: {} })).body
      .data as {
      legal_agreement_id: number;
    }[];
    await t.call('POST', '/api/legal/accept-agreement', {
      token: legal,
      body: { legalAgreementId: pending[0]!.legal_agreement_id },
    });

    const res = await feed(`?after=${start}&limit=1000`);
    expect(res.status).toBe(200);
    const { events, next_cursor } = res.body.data as Feed;
    expect(events.map((e) => e.type)).toEqual([
      'ticket.created',
      'ticket.replied',
      'order.alias_changed',
      'inquiry.created',
      'legal.accepted',
    ]);
    expect(events[0]).toEqual({
      id: expect.any(Number),
      type: 'ticket.created',
      occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      account_number: expect.stringMatching(/^10001\d\d$/),
      data: {
        ticket_number,
        subject: 'Packet loss',
        impact: 'High',
        description: 'We see loss.',
        order_number: order.order_number,
        user_email: demoEmails.customer,
      },
    });
    expect(events[1]?.data).toMatchObject({ ticket_number, body: 'More.' });
    expect(events[2]?.data).toEqual({
      alias: 'Main link',
      order_number: order.order_number,
      user_email: demoEmails.customer,
    });
    expect(events[3]).toMatchObject({ account_number: null, data: { inquiry_type: 'feedback', subject: 'Feedback' } });
    expect(events[4]?.data).toMatchObject({
      legal_agreement_id: pending[0]!.legal_agreement_id,
      user_email: demoEmails.legal,
    });
    expect(next_cursor).toBe(events[4]?.id);
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort((a, b) => a - b));

    // Paging: two at a time, then an empty page keeps the cursor.
    const page = (await feed(`?after=${start}&limit=2`)).body.data as Feed;
    expect(page.events.map((e) => e.type)).toEqual(['ticket.created', 'ticket.replied']);
    const next = (await feed(`?after=${page.next_cursor}&limit=2`)).body.data as Feed;
    expect(next.events[0]?.type).toBe('order.alias_changed');
    expect((await feed(`?after=${next_cursor}`)).body.data).toEqual({ events: [], next_cursor });
  });

  it('a failed action writes no event', async () => {
    const before = (await all()).next_cursor;
    const customer = await t.signIn(demoEmails.customer);
    const res = await t.call('POST', '/api/orders/change-alias', {
      token: customer,
      body: { base_order_id: 999999, alias: 'x' },
    });
    expect(res.body.code).toBe('NOT_FOUND');
    expect((await all()).next_cursor).toBe(before);
  });

  it('an invitation is an event', async () => {
    const before = (await all()).next_cursor;
    const admin = await t.signIn(demoEmails.admin);
    const accounts = (await t.call('GET', '/api/accounts/get-accounts', { token: admin })).body.data as {
      account_id: number;
      is_account_admin: boolean;
    }[];
    const administered = accounts.find((a) => a.is_account_admin)!;
    const res = await t.call('POST', '/api/users/add-new-user', {
      token: admin,
      body: {
        email_nm: 'invitee@example.com',
        first_nm: 'In',
        last_nm: 'Vitee',
        accounts: [{ account_id: administered.account_id, access_level: 1 }],
      },
    });
    expect(res.status).toBe(200);
    const { events } = (await feed(`?after=${before}`)).body.data as Feed;
    expect(events.map((e) => [e.type, e.data.email_nm, e.data.user_email])).toEqual([
      ['user.invited', 'invitee@example.com', demoEmails.admin],
    ]);
  });

  it('access changes and removals by an account administrator are events', async () => {
    const before = (await all()).next_cursor;
    const admin = await t.signIn(demoEmails.admin);
    const id = async (sql: string, value: string) => (await t.db.one<{ id: number }>(sql, [value]))!.id;
    const june = await id('SELECT user_id AS id FROM users WHERE email_nm = $1', 'june.park@globex-health.example');
    const account = await id('SELECT account_id AS id FROM accounts WHERE account_number = $1', '1000201');
    const update = await t.call('POST', '/api/users/update-user', {
      token: admin,
      body: { userId: june, accounts: [{ account_id: account, access_level: 2 }] },
    });
    expect(update.status).toBe(200);
    const removal = await t.call('POST', `/api/users/delete-user/${june}`, { token: admin, body: {} });
    expect(removal.status).toBe(200);
    const { events } = (await feed(`?after=${before}`)).body.data as Feed;
    expect(events.map((e) => [e.type, e.account_number, e.data.email_nm, e.data.user_email])).toEqual([
      ['user.access_changed', '1000201', 'june.park@globex-health.example', demoEmails.admin],
      ...(removal.body.data as { account_ids: number[] }).account_ids.map(() => [
        'user.removed',
        expect.stringMatching(/^100020\d$/),
        'june.park@globex-health.example',
        demoEmails.admin,
      ]),
    ]);
    expect(events[0]?.data.access_level).toBe(2);
  });

  it('checks the scope, the token and the parameters', async () => {
    const billing = await newToken(t, staff, ['billing']);
    expect((await feed('', billing.token)).body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await feed('', await t.signIn(demoEmails.customer))).status).toBe(401);
    const bad = await feed('?after=-1&limit=5000');
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({
      after: ['This value should be greater than or equal to 0.'],
      limit: ['This value should be lower than or equal to 1000.'],
    });
  });
});
