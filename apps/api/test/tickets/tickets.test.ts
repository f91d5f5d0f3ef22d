import { parse as parseDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  messages,
  tickets,
  type Attachment,
  type Paged,
  type Ticket,
  type TicketDetail,
  type TicketMessage,
} from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { download, first } from '../invoices/billing-fixtures.ts';
import { samples, upload } from './multipart.ts';
import { demoProvider } from '../../src/seed/provider.ts';

let t: TestApp;
let customer: string;
let admin: string;

const listTickets = async (token: string, body: object = {}) =>
  (await t.call('POST', '/api/tickets/get-tickets', { token, body })).body.data as Paged<Ticket>;
const getTicket = (token: string, ticketId: number) =>
  t.call('POST', '/api/tickets/get-ticket', { token, body: { ticketId } });
const supportMail = (subjectLike: string) =>
  t.db.query<{ to_address: string; subject: string; text_body: string; kind: string }>(
    `SELECT to_address, subject, text_body, kind FROM mail_outbox WHERE subject LIKE $1 ORDER BY mail_id`,
    [subjectLike],
  );

beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn('customer@demo.test');
  admin = await t.signIn('admin@demo.test');
});
afterAll(() => t.close());

describe('tickets/get-tickets (the list page form)', () => {
  it('pages 20 at a time and finds a ticket by its number', async () => {
    const page = await listTickets(customer, { perPage: 20 });
    expect(page.per_page).toBe(20);
    expect(page.total).toBeGreaterThan(5);
    const ticket = first(page.data);
    const found = await listTickets(customer, { search_ticket_id: ticket.ticket_number });
    expect(found.data.map((x) => x.ticket_id)).toEqual([ticket.ticket_id]);
    const byId = await listTickets(customer, { search_ticket_id: String(ticket.ticket_id) });
    expect(byId.data.map((x) => x.ticket_id)).toContain(ticket.ticket_id);
  });

  it("answers NOT_FOUND for another customer's account and checks input", async () => {
    const theirs = first((await listTickets(admin)).data);
    const res = await t.call('POST', '/api/tickets/get-tickets', {
      token: customer,
      body: { accountId: theirs.account_id },
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', data: null });
    const bad = await t.call('POST', '/api/tickets/get-tickets', { token: customer, body: { sort_column: 'x' } });
    expect(bad.status).toBe(422);
    expect((await t.call('POST', '/api/tickets/get-tickets', { body: {} })).body.code).toBe('INVALID_TOKEN');
  });
});

describe('tickets/get-ticket', () => {
  it('answers the header and the whole conversation, oldest first', async () => {
    // A ticket about an order, so the header's order part is checked too (the seed has many).
    const ticket = first((await listTickets(customer, { perPage: 100 })).data.filter((x) => x.base_order !== null));
    const res = await getTicket(customer, ticket.ticket_id);
    expect(res.status).toBe(200);
    const detail = res.body.data as TicketDetail;
    expect(detail).toMatchObject({
      ticket_id: ticket.ticket_id,
      ticket_number: ticket.ticket_number,
      status: ticket.status,
    });
    expect(detail.account.account_id).toBe(ticket.account_id);
    expect(detail.messages.length).toBeGreaterThan(0);
    const times = detail.messages.map((m) => m.created);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(detail.base_order).toMatchObject({
      base_order_id: ticket.base_order?.base_order_id,
      product_controller: expect.any(String),
    });
  });

  it("answers NOT_FOUND with no data for another customer's ticket", async () => {
    const theirs = first((await listTickets(admin)).data);
    const res = await getTicket(customer, theirs.ticket_id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: messages.notFound, data: null });
    expect((await getTicket(customer, 0)).status).toBe(422);
    expect((await t.call('POST', '/api/tickets/get-ticket', { body: { ticketId: 1 } })).status).toBe(401);
  });
});

describe('tickets/upload-attachment', () => {
  it('keeps an allowed file and answers its id, name, type and size', async () => {
    const res = await upload(t, customer, 'trace.log', samples.log);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      file_name: 'trace.log',
      content_type: 'text/plain; charset=utf-8',
      size_bytes: samples.log.length,
    });
    const row = await t.db.one<{ storage_name: string; message_id: number | null }>(
      'SELECT storage_name, message_id FROM ticket_attachments WHERE attachment_id = $1',
      [(res.body.data as Attachment).attachment_id],
    );
    expect(row?.message_id).toBeNull();
    expect(row?.storage_name).toMatch(/^[a-f0-9]{32}$/);
  });

  it('refuses a disallowed type with a clear message', async () => {
    const res = await upload(t, customer, 'setup.exe', Buffer.from('MZ\x90\x00'));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { file: [tickets.attachmentMessages.type('setup.exe')] },
    });
  });

  it('refuses an oversized file with a clear message, and keeps nothing of it', async () => {
    const before = await t.db.one<{ n: number }>('SELECT count(*) AS n FROM ticket_attachments');
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(tickets.attachmentLimits.maxBytes)]);
    const res = await upload(t, customer, 'huge.pdf', big);
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ file: [tickets.attachmentMessages.tooLarge('huge.pdf')] });
    const after = await t.db.one<{ n: number }>('SELECT count(*) AS n FROM ticket_attachments');
    expect(after?.n).toBe(before?.n);
  });

  it('refuses content that does not match its name, an empty file and a request without a file', async () => {
    const fake = await upload(t, customer, 'invoice.pdf', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(fake.body.data).toEqual({ file: [tickets.attachmentMessages.content('invoice.pdf')] });
    const empty = await upload(t, customer, 'empty.txt', Buffer.alloc(0));
    expect(empty.body.data).toEqual({ file: [tickets.attachmentMessages.empty('empty.txt')] });
    const none = await t.call('POST', '/api/tickets/upload-attachment', { token: customer, body: {} });
    expect(none.status).toBeGreaterThanOrEqual(400);
    expect(none.body.code).not.toBe('SUCCESS');
    expect((await upload(t, undefined, 'trace.log', samples.log)).body.code).toBe('INVALID_TOKEN');
  });

  it('strips paths from file names', async () => {
    const res = await upload(t, customer, '..\\..\\etc\\passwd.txt', samples.log);
    expect((res.body.data as Attachment).file_name).toBe('passwd.txt');
  });
});

describe('tickets/reply-to-ticket', () => {
  it('adds the reply with an attachment, clears Response Requested and tells the support inbox', async () => {
    const [awaiting] = (await t.call('POST', '/api/tickets/get-tickets-requesting-response', { token: customer })).body
      .data as Ticket[];
    if (!awaiting) throw new Error('the demo customer has a ticket awaiting a response');
    expect(awaiting.request_customer_response).toBe(true);
    const file = (await upload(t, customer, 'screenshot.png', samples.png)).body.data as Attachment;

    const res = await t.call('POST', '/api/tickets/reply-to-ticket', {
      token: customer,
      body: {
        ticketId: awaiting.ticket_id,
        body: 'Approved: restart any time after 6 pm.',
        attachment_ids: [file.attachment_id],
      },
    });
    expect(res.status).toBe(200);
    const message = res.body.data as TicketMessage;
    expect(message).toMatchObject({
      author_type: 'customer',
      author_nm: 'Casey Morgan',
      body: 'Approved: restart any time after 6 pm.',
    });
    expect(message.attachments).toEqual([file]);

    const detail = (await getTicket(customer, awaiting.ticket_id)).body.data as TicketDetail;
    expect(detail.request_customer_response).toBe(false);
    expect(detail.status).toBe(tickets.ticketStatusAfterReply);
    expect(detail.messages.at(-1)).toEqual(message);
    const still = (await t.call('POST', '/api/tickets/get-tickets-requesting-response', { token: customer })).body
      .data as Ticket[];
    expect(still.map((x) => x.ticket_id)).not.toContain(awaiting.ticket_id);

    const [mail] = await supportMail(`Customer reply on ${awaiting.ticket_number}%`);
    expect(mail).toMatchObject({ to_address: demoProvider.support_email, kind: 'ticket' });
    expect(mail?.text_body).toContain('Approved: restart any time after 6 pm.');
    expect(mail?.text_body).toContain('screenshot.png');

    // The attachment now downloads for people who may see the ticket, and only for them.
    const got = await download(t, '/api/tickets/download-attachment', customer, { attachmentId: file.attachment_id });
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['content-disposition']).toBe('attachment; filename=screenshot.png');
    expect(got.bytes.equals(samples.png)).toBe(true);
    const other = await download(t, '/api/tickets/download-attachment', admin, { attachmentId: file.attachment_id });
    expect(other.status).toBe(404);
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
    expect(
      (await download(t, '/api/tickets/download-attachment', undefined, { attachmentId: file.attachment_id })).status,
    ).toBe(401);
  });

  it("refuses a closed ticket, another customer's ticket, someone else's upload and an empty reply", async () => {
    const closed = (await listTickets(customer, { perPage: 100 })).data.find((x) => x.status === 'Closed');
    if (!closed) throw new Error('the demo customer has a closed ticket');
    const res = await t.call('POST', '/api/tickets/reply-to-ticket', {
      token: customer,
      body: { ticketId: closed.ticket_id, body: 'Hello?' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'CONFLICT', message: tickets.attachmentMessages.closed });

    const theirs = first((await listTickets(admin)).data);
    const foreign = await t.call('POST', '/api/tickets/reply-to-ticket', {
      token: customer,
      body: { ticketId: theirs.ticket_id, body: 'Hi' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toBeNull();
    const count = await t.db.one<{ n: number }>('SELECT count(*) AS n FROM ticket_messages WHERE ticket_id = $1', [
      theirs.ticket_id,
    ]);

    const open = (await listTickets(customer, { perPage: 100 })).data.find((x) => x.status === 'Open') as Ticket;
    const adminsUpload = (await upload(t, admin, 'theirs.log', samples.log)).body.data as Attachment;
    const stolen = await t.call('POST', '/api/tickets/reply-to-ticket', {
      token: customer,
      body: { ticketId: open.ticket_id, body: 'See attached', attachment_ids: [adminsUpload.attachment_id] },
    });
    expect(stolen.status).toBe(422);
    expect(stolen.body.data).toEqual({ attachment_ids: [tickets.attachmentMessages.unknown] });
    // Nothing of the refused reply was kept (one transaction).
    const detail = (await getTicket(customer, open.ticket_id)).body.data as TicketDetail;
    expect(detail.messages.some((m) => m.body === 'See attached')).toBe(false);
    expect(
      (
        await t.db.one<{ n: number }>('SELECT count(*) AS n FROM ticket_messages WHERE ticket_id = $1', [
          theirs.ticket_id,
        ])
      )?.n,
    ).toBe(count?.n);

    const empty = await t.call('POST', '/api/tickets/reply-to-ticket', {
      token: customer,
      body: { ticketId: open.ticket_id, body: ' ' },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.data).toEqual({ body: ['This value is required.'] });
    const tooMany = await t.call('POST', '/api/tickets/reply-to-ticket', {
      token: customer,
      body: { ticketId: open.ticket_id, body: 'x', attachment_ids: [1, 2, 3, 4, 5, 6] },
    });
    expect(tooMany.body.data).toEqual({ attachment_ids: [tickets.attachmentMessages.tooMany] });
  });

  it('never serves an upload that is not attached to a ticket, even to its uploader', async () => {
    const file = (await upload(t, customer, 'draft.txt', samples.log)).body.data as Attachment;
    const res = await download(t, '/api/tickets/download-attachment', customer, { attachmentId: file.attachment_id });
    expect(res.status).toBe(404);
  });

  it('removes uploads nobody attached within a day, from the table and the disk', async () => {
    const file = (await upload(t, customer, 'forgotten.txt', samples.log)).body.data as Attachment;
    t.clock.advance(25 * 60 * 60 * 1000);
    await upload(t, customer, 'later.txt', samples.log);
    const row = await t.db.one('SELECT 1 FROM ticket_attachments WHERE attachment_id = $1', [file.attachment_id]);
    expect(row).toBeUndefined();
  });
});

describe('tickets/create-ticket', () => {
  const newTicket = (base_order_id: number, extra: object = {}) => ({
    base_order_id,
    subject: 'Intermittent packet loss',
    description: 'Since 9 am we see 5% loss towards the data center.',
    impact: 'High',
    contact_name: 'Casey Morgan',
    contact_email: 'Casey@Demo.test',
    contact_phone: '+1 (214) 555-0100',
    ...extra,
  });

  it("opens a ticket on one of the caller's services, lists it at once and mails the support inbox", async () => {
    const order = first(
      (
        (await t.call('POST', '/api/orders/get-orders', { token: customer, body: {} })).body.data as Paged<{
          base_order_id: number;
          order_number: string;
        }>
      ).data,
    );
    const file = (await upload(t, customer, 'loss.csv', Buffer.from('time,loss\n09:00,5%\n'))).body.data as Attachment;
    const res = await t.call('POST', '/api/tickets/create-ticket', {
      token: customer,
      body: newTicket(order.base_order_id, { attachment_ids: [file.attachment_id] }),
    });
    expect(res.status).toBe(200);
    const created = res.body.data as { ticket_id: number; ticket_number: string };
    expect(created.ticket_number).toMatch(/^TT-\d+$/);

    const list = await listTickets(customer);
    expect(first(list.data)).toMatchObject({
      ticket_id: created.ticket_id,
      status: tickets.ticketStatusNew,
      subject: 'Intermittent packet loss',
    });
    const detail = (await getTicket(customer, created.ticket_id)).body.data as TicketDetail;
    expect(detail).toMatchObject({
      impact: 'High',
      contact_email: 'casey@demo.test',
      contact_phone: '+1 (214) 555-0100',
    });
    expect(detail.base_order?.base_order_id).toBe(order.base_order_id);
    expect(detail.messages).toHaveLength(1);
    expect(first(detail.messages).attachments).toEqual([file]);

    const [mail] = await supportMail(`New ticket ${created.ticket_number}:%`);
    expect(mail?.to_address).toBe(demoProvider.support_email);
    expect(mail?.subject).toBe(`New ticket ${created.ticket_number}: Intermittent packet loss [High]`);
    expect(mail?.text_body).toContain(order.order_number);
    expect(mail?.text_body).toContain('Since 9 am we see 5% loss');
    expect(mail?.text_body).toContain('loss.csv');

    const second = await t.call('POST', '/api/tickets/create-ticket', {
      token: customer,
      body: newTicket(order.base_order_id),
    });
    expect((second.body.data as { ticket_number: string }).ticket_number).not.toBe(created.ticket_number);
  });

  it("refuses another customer's service and bad input with field messages", async () => {
    const theirs = first(
      (
        (await t.call('POST', '/api/orders/get-orders', { token: admin, body: {} })).body.data as Paged<{
          base_order_id: number;
        }>
      ).data,
    );
    const res = await t.call('POST', '/api/tickets/create-ticket', {
      token: customer,
      body: newTicket(theirs.base_order_id),
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'NOT_FOUND', message: messages.noOrder, data: null });

    const bad = await t.call('POST', '/api/tickets/create-ticket', {
      token: customer,
      body: newTicket(1, { subject: '', impact: 'Apocalyptic', contact_email: 'nope', contact_phone: 'call me' }),
    });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual({
      subject: ['This value is required.'],
      impact: ['This value is required.'],
      contact_email: ['This value should be a valid email.'],
      contact_phone: ['This value is not valid.'],
    });
    expect((await t.call('POST', '/api/tickets/create-ticket', { body: newTicket(1) })).status).toBe(401);
  });
});

describe('tickets/download-attachment', () => {
  it('downloads a file whatever characters its name holds: an ASCII fallback and filename* (RFC 6266/8187)', async () => {
    const names = ['Angebot–1.pdf', '請求書.pdf', 'Störung 🔥 trace.log'];
    const files: Attachment[] = [];
    for (const name of names) {
      const res = await upload(t, customer, name, name.endsWith('.pdf') ? samples.pdf : samples.log);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      files.push(res.body.data as Attachment);
    }
    expect(files.map((f) => f.file_name)).toEqual(names);
    const order = first(
      (
        (await t.call('POST', '/api/orders/get-orders', { token: customer, body: {} })).body.data as Paged<{
          base_order_id: number;
        }>
      ).data,
    );
    const created = await t.call('POST', '/api/tickets/create-ticket', {
      token: customer,
      body: {
        base_order_id: order.base_order_id,
        subject: 'Quote attached',
        description: 'The files of our quote.',
        impact: 'Low',
        contact_name: 'Casey Morgan',
        contact_email: 'casey@demo.test',
        contact_phone: '+1 (214) 555-0100',
        attachment_ids: files.map((f) => f.attachment_id),
      },
    });
    expect(created.status).toBe(200);

    const got = [];
    for (const file of files) {
      const res = await download(t, '/api/tickets/download-attachment', customer, { attachmentId: file.attachment_id });
      expect(res.status, res.bytes.toString()).toBe(200);
      got.push(res);
    }
    expect(got.map((res) => res.headers['content-disposition'])).toEqual([
      `attachment; filename="Angebot?1.pdf"; filename*=UTF-8''Angebot%E2%80%931.pdf`,
      `attachment; filename="???.pdf"; filename*=UTF-8''%E8%AB%8B%E6%B1%82%E6%9B%B8.pdf`,
      `attachment; filename="St?rung ?? trace.log"; filename*=UTF-8''St%C3%B6rung%20%F0%9F%94%A5%20trace.log`,
    ]);
    expect(
      got.map((res) => parseDisposition(res.headers['content-disposition'] as string).parameters.filename),
    ).toEqual(names);
    expect(got.map((res) => res.bytes.toString())).toEqual([samples.pdf, samples.pdf, samples.log].map(String));
  });
});

describe('tickets/get-ticket-contact', () => {
  it("prefills the caller's name, email and the phone of their last ticket", async () => {
    const res = await t.call('POST', '/api/tickets/get-ticket-contact', { token: customer, body: {} });
    expect(res.body.data).toMatchObject({ contact_name: 'Casey Morgan', contact_email: 'customer@demo.test' });
    expect((res.body.data as { contact_phone: string }).contact_phone).toMatch(/\d/);
    expect((await t.call('POST', '/api/tickets/get-ticket-contact', { body: {} })).status).toBe(401);
  });
});
