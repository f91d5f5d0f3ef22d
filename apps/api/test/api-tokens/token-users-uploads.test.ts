import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { tickets, type PortalUser, type TicketDetail } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { samples, upload } from '../tickets/multipart.ts';
import { accountId, createApiToken } from './fixtures.ts';

/** Decision 132: what a `users:read` token reads, and a `tickets:write` token's attachments. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@demo.test');
});
afterAll(() => t.close());

const userId = async (email: string) =>
  (await t.db.one<{ user_id: number }>('SELECT user_id FROM users WHERE email_nm = $1', [email]))!.user_id;
const refusal = (res: { status: number; body: { code: string; message: string; data: unknown } }) => ({
  status: res.status,
  code: res.body.code,
  message: res.body.message,
  data: res.body.data,
});

describe('a users:read token', () => {
  it('lists the members of its accounts with their access to those accounts only', async () => {
    // 1000201: Avery Brooks (administrator), Dana Whitaker and Miguel Santos. June Park is on 1000202 and 1000203.
    const { token } = await createApiToken(t, { scopes: ['users:read'], accounts: ['1000201'] }, admin);
    const res = await t.call('GET', '/api/users/get-users?sort=email_nm', { token });
    expect(res.body.code).toBe('SUCCESS');
    const page = res.body.data as { data: PortalUser[]; total: number };
    const account = await accountId(t, '1000201');
    expect(page.data.map((u) => [u.email_nm, u.first_nm, u.last_nm, u.accounts_users])).toEqual([
      ['admin@demo.test', 'Avery', 'Brooks', [{ account_id: account, is_account_admin: true }]],
      ['dana.whitaker@globex-health.example', 'Dana', 'Whitaker', [{ account_id: account, is_account_admin: false }]],
      ['miguel.santos@globex-health.example', 'Miguel', 'Santos', [{ account_id: account, is_account_admin: false }]],
    ]);
    const miguel = await t.call('GET', `/api/users/get-user/${await userId('miguel.santos@globex-health.example')}`, {
      token,
    });
    expect(miguel.body.data).toMatchObject({
      email_nm: 'miguel.santos@globex-health.example',
      accounts_users: [{ account_id: account, is_account_admin: false }],
    });
  });

  it("answers NOT_FOUND for a user of no account of the token's, of the company or of another", async () => {
    const { token } = await createApiToken(t, { scopes: ['users:read'], accounts: ['1000201'] }, admin);
    for (const email of ['june.park@globex-health.example', 'customer@demo.test']) {
      const res = await t.call('GET', `/api/users/get-user/${await userId(email)}`, { token });
      expect(refusal(res), email).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        message: 'The requested item was not found.',
        data: null,
      });
    }
  });

  it('is refused without the scope, and still changes nobody', async () => {
    const { token } = await createApiToken(t, { scopes: ['invoices:read'], accounts: ['1000201'] }, admin);
    expect(refusal(await t.call('GET', '/api/users/get-users', { token }))).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'This API token does not have the users:read scope.',
      data: null,
    });
    const reader = await createApiToken(t, { scopes: ['users:read'], accounts: ['1000201'] }, admin);
    const change = await t.call('POST', '/api/users/update-user', {
      token: reader.token,
      body: {
        userId: await userId('dana.whitaker@globex-health.example'),
        accounts: [{ account_id: await accountId(t, '1000201'), access_level: 2 }],
      },
    });
    expect(refusal(change)).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'API tokens cannot make this call: it needs a portal sign-in.',
      data: null,
    });
  });
});

describe("a tickets:write token's attachments", () => {
  const order = async () =>
    (await t.db.one<{ base_order_id: number }>(
      `SELECT o.base_order_id FROM orders o JOIN accounts a USING (account_id)
        WHERE a.account_number = '1000201' ORDER BY o.base_order_id LIMIT 1`,
    ))!.base_order_id;
  const newTicket = async (token: string, attachment_ids: number[]) =>
    t.call('POST', '/api/tickets/create-ticket', {
      token,
      body: {
        base_order_id: await order(),
        subject: 'Link flapping',
        description: 'Traces attached.',
        impact: tickets.ticketImpacts[0],
        contact_name: 'Monitoring',
        contact_email: 'noc@globex-health.example',
        attachment_ids,
      },
    });
  const uploaded = async (token: string, name: string, content: Buffer) => {
    const res = await upload(t, token, name, content);
    expect(res.body.code, JSON.stringify(res.body)).toBe('SUCCESS');
    return (res.body.data as { attachment_id: number }).attachment_id;
  };

  it('opens a ticket with an attachment and adds one to a reply: the files are the token’s', async () => {
    const { token, api_token } = await createApiToken(
      t,
      { scopes: ['tickets:write', 'tickets:read'], accounts: ['1000201'] },
      admin,
    );
    const log = await uploaded(token, 'trace.log', samples.log);
    const created = await newTicket(token, [log]);
    expect(created.body.code).toBe('SUCCESS');
    const { ticket_id: ticketId } = created.body.data as { ticket_id: number };
    const png = await uploaded(token, 'graph.png', samples.png);
    const reply = await t.call('POST', '/api/tickets/reply-to-ticket', {
      token,
      body: { ticketId, body: 'The graph.', attachment_ids: [png] },
    });
    expect(reply.body.code).toBe('SUCCESS');

    const detail = (await t.call('POST', '/api/tickets/get-ticket', { token, body: { ticketId } })).body
      .data as TicketDetail;
    expect(detail.messages.map((m) => [m.author_nm, m.body, m.attachments.map((a) => a.file_name)])).toEqual([
      ['API token', 'Traces attached.', ['trace.log']],
      ['API token', 'The graph.', ['graph.png']],
    ]);
    expect(
      await t.db.query(
        `SELECT attachment_id, uploaded_by_user_id, uploaded_by_token_id FROM ticket_attachments
          WHERE attachment_id = ANY($1::int[]) ORDER BY attachment_id`,
        [[log, png]],
      ),
    ).toEqual([
      { attachment_id: log, uploaded_by_user_id: null, uploaded_by_token_id: api_token.id },
      { attachment_id: png, uploaded_by_user_id: null, uploaded_by_token_id: api_token.id },
    ]);
    // The account's signed-in members read the token's file like any other of the ticket.
    const file = await t.app.inject({
      method: 'POST',
      url: '/api/tickets/download-attachment',
      headers: { authorization: `Bearer ${admin}` },
      payload: { attachmentId: log },
    });
    expect({ status: file.statusCode, body: file.body }).toEqual({ status: 200, body: samples.log.toString() });
  });

  it('keeps a pending upload its uploader’s alone: not the token creator’s, nor another token’s', async () => {
    const mine = await createApiToken(t, { scopes: ['tickets:write'], accounts: ['1000201'] }, admin);
    const other = await createApiToken(t, { scopes: ['tickets:write'], accounts: ['1000201'] }, admin);
    const byToken = await uploaded(mine.token, 'trace.log', samples.log);
    const byAdmin = await uploaded(admin, 'trace.log', samples.log);
    const unknown = { attachment_ids: [tickets.attachmentMessages.unknown] };
    for (const [who, token, id] of [
      ['the creator, with the token’s upload', admin, byToken],
      ['another token of the creator’s', other.token, byToken],
      ['the token, with the creator’s upload', mine.token, byAdmin],
    ] as const) {
      const res = await newTicket(token, [id]);
      expect({ code: res.body.code, data: res.body.data }, who).toEqual({ code: 'VALIDATION_ERROR', data: unknown });
    }
    expect((await newTicket(mine.token, [byToken])).body.code).toBe('SUCCESS');
  });

  it('is refused without tickets:write, and without a token', async () => {
    const { token } = await createApiToken(t, { scopes: ['tickets:read'], accounts: ['1000201'] }, admin);
    const res = await upload(t, token, 'trace.log', samples.log);
    expect({ ...res.body, status: res.status }).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'This API token does not have the tickets:write scope.',
      data: null,
    });
    expect((await upload(t, undefined, 'trace.log', samples.log)).body.code).toBe('INVALID_TOKEN');
  });
});
