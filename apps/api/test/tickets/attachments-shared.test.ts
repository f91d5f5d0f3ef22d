import { randomBytes } from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Attachment, Ticket } from '@portal/contract';

import { buildApp } from '../../src/app.ts';
import { createDeps } from '../../src/bootstrap.ts';
import { createTestApp, testEnv, type TestApp } from '../helpers/test-app.ts';
import { upload } from './multipart.ts';

// Two API processes on one PostgreSQL, each with its own disk: an upload through one downloads through
// the other. (The embedded default is one process with its files under DATA_DIR.)
describe.runIf(process.env.PORTAL_TEST_DB === 'postgres')('attachments on PostgreSQL', () => {
  let t: TestApp;
  let other: FastifyInstance;
  let customer: string;
  beforeAll(async () => {
    t = await createTestApp();
    const env = testEnv();
    other = await buildApp(await createDeps(env, { db: t.db, clock: t.clock }), { logger: false });
    customer = await t.signIn('customer@demo.test');
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores the bytes in the database in chunks and serves them from another process', async () => {
    // 600 KiB: three chunks of at most 256 KiB.
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(600 * 1024)]);
    const file = (await upload(t, customer, 'capture.pdf', pdf)).body.data as Attachment;
    const open = (
      (await t.call('POST', '/api/tickets/get-tickets', { token: customer, body: { perPage: 100 } })).body.data as {
        data: Ticket[];
      }
    ).data.find((x) => x.status !== 'Closed');
    if (!open) throw new Error('the demo customer has an open ticket');
    const reply = await t.call('POST', '/api/tickets/reply-to-ticket', {
      token: customer,
      body: { ticketId: open.ticket_id, body: 'Trace attached.', attachment_ids: [file.attachment_id] },
    });
    expect(reply.status).toBe(200);

    const chunks = await t.db.query<{ chunk_no: number; size: number }>(
      `SELECT b.chunk_no, octet_length(b.data) AS size FROM attachment_blobs b
         JOIN ticket_attachments f ON f.storage_name = b.storage_name
        WHERE f.attachment_id = $1 ORDER BY b.chunk_no`,
      [file.attachment_id],
    );
    expect(chunks.map((c) => c.chunk_no)).toEqual([0, 1, 2]);
    expect(chunks.reduce((sum, c) => sum + Number(c.size), 0)).toBe(pdf.length);

    const got = await other.inject({
      method: 'POST',
      url: '/api/tickets/download-attachment',
      headers: { authorization: `Bearer ${customer}` },
      payload: { attachmentId: file.attachment_id },
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(pdf)).toBe(true);
  });
});
