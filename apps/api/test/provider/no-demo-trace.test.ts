import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type InvoiceSummary, type Paged } from '@portal/contract';

import { download, first } from '../invoices/billing-fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { expectNoTrace, feedbackInquiry, madeUp, madeUpFooter } from './made-up.ts';

/**
 * Under a made-up provider's profile nothing the portal makes (mail of every kind, the invoice PDF, the
 * documents and their first screens) carries the demo company (issue 34, decision 123). The pages
 * themselves are rendered by the browser test (e2e/provider-profile.e2e.ts) on the real build; every
 * kind of mail, through its own call and sent over SMTP, by mail-kinds.test.ts.
 */

let t: TestApp;
let customer: string;
let since: number;

beforeAll(async () => {
  // No built app (the build may be under way beside the API tests): the API's own document; the built
  // pages are checked by the browser test.
  t = await createTestApp({ WEB_DIST: mkdtempSync(join(tmpdir(), 'portal-no-dist-')) });
  customer = await t.signIn('customer@demo.test');
  const staff = await t.signIn('staff3@demo.test');
  const saved = await t.call('POST', '/api/admin/provider-profile', { token: staff, body: madeUp });
  expect(saved.status).toBe(200);
  since = (await t.db.one<{ max: number | null }>('SELECT max(mail_id) AS max FROM mail_outbox'))?.max ?? 0;
});
afterAll(() => t.close());

describe('under a made-up provider profile', () => {
  it('every kind of mail is closed with its footer and sent to its inboxes, with no trace of the demo company', async () => {
    // A message composed with a link (password reset), an inquiry and a new ticket to the inboxes.
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'customer@demo.test' } });
    const inquiry = await t.call('POST', '/api/contact/inquire', {
      token: customer,
      body: feedbackInquiry,
    });
    expect(inquiry.status).toBe(200);
    const order = first(
      (
        (await t.call('POST', '/api/orders/get-orders', { token: customer, body: {} })).body.data as Paged<{
          base_order_id: number;
        }>
      ).data,
    );
    const ticket = await t.call('POST', '/api/tickets/create-ticket', {
      token: customer,
      body: {
        base_order_id: order.base_order_id,
        subject: 'Packet loss',
        description: 'Since 9 am.',
        impact: 'Low',
        contact_name: 'Casey Morgan',
        contact_email: 'casey@demo.test',
      },
    });
    expect(ticket.status).toBe(200);

    const mails = await t.db.query<{ to_address: string; kind: string; text_body: string; html_body: string | null }>(
      'SELECT to_address, kind, text_body, html_body FROM mail_outbox WHERE mail_id > $1 ORDER BY mail_id',
      [since],
    );
    expect(mails.map((m) => m.kind).sort()).toEqual(['inquiry', 'password-reset', 'ticket']);
    for (const mail of mails) {
      expectNoTrace(`${mail.to_address}\n${mail.text_body}\n${mail.html_body ?? ''}`, mail.kind);
      for (const line of madeUpFooter) expect(mail.text_body).toContain(line);
    }
    expect(mails.find((m) => m.kind === 'ticket')?.to_address).toBe('hjelp@fjordline.example.org');
    expect(mails.find((m) => m.kind === 'inquiry')?.to_address).toBe('hjelp@fjordline.example.org');
    expect(mails.find((m) => m.kind === 'password-reset')?.html_body).toContain(
      'Fjordline Hub · Fjordline Networks AS',
    );
  });

  it('the invoice PDF heads with its company block', async () => {
    const invoices = (await t.call('POST', '/api/invoices/get-invoices', { token: customer, body: {} })).body
      .data as Paged<InvoiceSummary>;
    const invoice = first(invoices.data.filter((i) => i.is_downloadable));
    const res = await download(t, '/api/invoices/download-invoice', customer, {
      accountId: invoice.account_id,
      cycleLogId: invoice.cycle_log_id,
    });
    expect(res.status).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: res.bytes }).toString('utf8');
    for (const line of ['Fjordline Networks AS', 'Strandkaien 12', '5013 Bergen', 'Tax ID NO 987 654 321 MVA'])
      expect(text).toContain(line);
    expect(text).toContain('faktura@fjordline.example.org');
    expectNoTrace(text, 'invoice PDF');
  });

  it('the public profile and the documents name the made-up provider only', async () => {
    const shown = await t.call('GET', '/api/provider/profile');
    expectNoTrace(JSON.stringify(shown.body.data), 'public profile');
    expect(shown.body.data).toMatchObject({ portal_name: 'Fjordline Hub' });
    // The document the API sends for any app address names it too.
    const doc = await t.app.inject({ method: 'GET', url: '/portal/login' });
    expectNoTrace(doc.body, 'sign-in document');
  });
});
