import { randomBytes } from 'node:crypto';

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { tickets } from '@portal/contract';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { envelopeProblem, requestTimeoutMs } from './contract-kit.ts';
import { runsPerField } from './fuzz.ts';

/**
 * The one multipart call (tickets/upload-attachment; its JSON and query side is in the generated
 * fuzz): hostile file names, contents and multipart framing answer the envelope with a 4xx or a
 * 2xx, never a 5xx, never a hang.
 */

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.signIn(demoEmails.customer);
});
afterAll(() => t.close());

const call = tickets.uploadAttachment;

async function post(payload: Buffer, contentType: string) {
  let timer: NodeJS.Timeout | undefined;
  const label = `POST /api${call.path} ${contentType} ${payload.subarray(0, 200).toString('latin1')}`;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${requestTimeoutMs} ms: ${label}`)), requestTimeoutMs);
  });
  try {
    const res = await Promise.race([
      t.app.inject({
        method: 'POST',
        url: `/api${call.path}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
        payload,
      }),
      timeout,
    ]);
    let body;
    try {
      body = res.json();
    } catch {
      body = undefined;
    }
    const sent = { status: res.statusCode, body, contentType: '', raw: res.body.slice(0, 300), label };
    expect(envelopeProblem(call, sent)).toBe('');
    return sent;
  } finally {
    clearTimeout(timer);
  }
}

const boundary = 'hostileboundary';
const part = (headers: string, content: Buffer) =>
  Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`, 'latin1'), content, Buffer.from('\r\n')]);
const file = (name: Buffer | string, content: Buffer, type = 'text/plain', field = 'file') =>
  part(
    `Content-Disposition: form-data; name="${field}"; filename="${Buffer.isBuffer(name) ? name.toString('latin1') : name}"\r\nContent-Type: ${type}`,
    content,
  );
const end = Buffer.from(`--${boundary}--\r\n`);
const multipart = `multipart/form-data; boundary=${boundary}`;

describe('hostile uploads', () => {
  it('framing the parser must refuse', async () => {
    const log = Buffer.from('line\n');
    const cases: [Buffer, string][] = [
      [Buffer.alloc(0), multipart],
      [end, multipart],
      [Buffer.concat([file('a.log', log), end]), 'multipart/form-data'], // no boundary
      [Buffer.concat([file('a.log', log), end]), 'multipart/form-data; boundary=other'],
      [Buffer.concat([file('a.log', log), file('b.log', log), end]), multipart],
      [Buffer.concat([part('Content-Disposition: form-data; name="file"', log), end]), multipart], // a field, no file
      [Buffer.concat([file('a.log', log, 'text/plain', 'other'), end]), multipart],
      [
        Buffer.concat([
          ...Array.from({ length: 50 }, (_, i) => part(`Content-Disposition: form-data; name="f${i}"`, log)),
          end,
        ]),
        multipart,
      ],
      [
        Buffer.concat([
          part(`Content-Disposition: form-data; name="file"; filename="a.log"\r\nX: ${'h'.repeat(100_000)}`, log),
          end,
        ]),
        multipart,
      ],
    ];
    for (const [payload, type] of cases) await post(payload, type);
  });

  it('a body that ends before its closing boundary is unreadable, not a hang (small file or mid-file)', async () => {
    for (const content of [Buffer.from('line\n'), Buffer.alloc(512 * 1024, 0x61)]) {
      const res = await post(file('cut.log', content), multipart);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ data: null, code: 'BAD_REQUEST', message: 'The request could not be read.' });
    }
  });

  it('file names and contents', async () => {
    const names = [
      '',
      '.',
      '..',
      '../../../etc/passwd',
      'a\u0000b.log',
      'C:\\Windows\\system.ini',
      `${'n'.repeat(10_000)}.log`,
      'x".log',
      'report.pdf.exe',
      '😀e\u0301\u202Egol.txt',
      Buffer.from([0xed, 0xa0, 0x80, 0x2e, 0x6c, 0x6f, 0x67]), // a lone surrogate's bytes, then ".log"
      Buffer.from([0xff, 0xfe, 0x2e, 0x6c, 0x6f, 0x67]),
    ];
    for (const name of names) await post(Buffer.concat([file(name, Buffer.from('x')), end]), multipart);
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ maxLength: 200 }),
        fc.uint8Array({ maxLength: 2000 }),
        fc.constantFrom('text/plain', 'application/pdf', 'image/png', '', 'x/\u0000', 'a'.repeat(5000)),
        async (name, content, type) => {
          await post(Buffer.concat([file(Buffer.from(name), Buffer.from(content), type), end]), multipart);
        },
      ),
      { numRuns: runsPerField * 5, endOnFailure: true },
    );
    // Random bytes as the whole body.
    await post(randomBytes(4096), multipart);
  });
});
