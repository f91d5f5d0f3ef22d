import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { contact } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let customer: string;

beforeAll(async () => {
  t = await createTestApp({ INQUIRY_INBOX: 'care-desk@provider.example' });
  customer = await t.signIn('customer@demo.test');
});
afterAll(() => t.close());

const inquiry = {
  inquiry_type: 'notification',
  first_name: 'Casey',
  last_name: 'Morgan',
  email: 'casey.morgan@acme-logistics.example',
  subject: contact.inquirySubject('notification', 'CMC-1042'),
  inquiry: 'Will the maintenance on "core router 2" affect our Denver circuits, line 2?\nThanks.',
  value: 'CMC-1042',
};

const send = (body: object, token = customer) => t.call('POST', '/api/contact/inquire', { token, body });

describe('contact/inquire', () => {
  it('stores the inquiry and mails it to the configured inbox with the customer details', async () => {
    const res = await send(inquiry);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 'SUCCESS', message: contact.inquirySent });
    const { inquiry_id } = res.body.data as { inquiry_id: number };

    const stored = await t.db.one<Record<string, unknown>>(
      `SELECT i.inquiry_type, i.first_name, i.last_name, i.email, i.subject, i.inquiry, i.value, i.mail_status, u.email_nm
         FROM inquiries i JOIN users u ON u.user_id = i.user_id WHERE i.inquiry_id = $1`,
      [inquiry_id],
    );
    expect(stored).toEqual({
      ...inquiry,
      mail_status: 'sent',
      email_nm: 'customer@demo.test',
    });

    const mail = await t.db.one<{ to_address: string; subject: string; text_body: string; kind: string }>(
      `SELECT to_address, subject, text_body, kind FROM mail_outbox WHERE kind = 'inquiry' ORDER BY mail_id DESC LIMIT 1`,
    );
    expect(mail).toMatchObject({
      to_address: 'care-desk@provider.example',
      subject: 'Re: CMC Notification #CMC-1042',
    });
    for (const part of [
      'CMC Notification Inquiry',
      `#${inquiry_id}`,
      'Name: Casey Morgan',
      'Email: casey.morgan@acme-logistics.example',
      'Reference: CMC-1042',
      inquiry.inquiry,
      'Portal user: Casey Morgan <customer@demo.test>',
      '1000101',
    ]) {
      expect(mail?.text_body).toContain(part);
    }
  });

  it('builds the subjects and titles of the spec', () => {
    expect(contact.inquirySubject('pending', 'ORD-1')).toBe('Re: Pending Order #ORD-1');
    expect(contact.inquirySubject('ticket', 'T-9')).toBe('Re: Trouble Ticket #T-9');
    expect(contact.inquirySubject('notification', 'N-3')).toBe('Re: CMC Notification #N-3');
    expect(contact.inquirySubject('feedback')).toBe('Re: Customer Portal Feedback');
    expect(contact.inquiryTitles).toEqual({
      pending: 'Pending Order Inquiry',
      ticket: 'Trouble Ticket Inquiry',
      notification: 'CMC Notification Inquiry',
      feedback: 'Customer Portal Feedback',
    });
  });

  it('accepts feedback without a value', async () => {
    const { value: _value, ...feedback } = inquiry;
    const res = await send({ ...feedback, inquiry_type: 'feedback', subject: contact.inquirySubject('feedback') });
    expect(res.body.code).toBe('SUCCESS');
  });

  it('validates every field with the spec messages and stores nothing', async () => {
    const before = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM inquiries');
    const res = await send({
      inquiry_type: 'complaint',
      first_name: '  ',
      email: 'not-an-email',
      subject: 'x'.repeat(256),
      inquiry: '',
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      inquiry_type: [expect.any(String)],
      first_name: ['This value is required.'],
      last_name: ['This value is required.'],
      email: ['This value should be a valid email.'],
      subject: ['too long'],
      inquiry: ['This value is required.'],
    });
    const after = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM inquiries');
    expect(after).toEqual(before);
  });

  it('needs a token', async () => {
    const res = await t.call('POST', '/api/contact/inquire', { body: inquiry });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'INVALID_TOKEN', data: null });
  });
});

describe('contact/inquire when mail fails', () => {
  let broken: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every send fails.
    broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
  });
  afterAll(() => broken.close());

  it('reports the failure and keeps the stored inquiry', async () => {
    const token = await broken.signIn('customer@demo.test');
    const res = await broken.call('POST', '/api/contact/inquire', { token, body: inquiry });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('MAIL_FAILED');
    const { inquiry_id } = res.body.data as { inquiry_id: number };
    const stored = await broken.db.one<{ inquiry: string; mail_status: string }>(
      'SELECT inquiry, mail_status FROM inquiries WHERE inquiry_id = $1',
      [inquiry_id],
    );
    expect(stored).toEqual({ inquiry: inquiry.inquiry, mail_status: 'failed' });
  });
});
