import { connect } from 'node:net';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Answer = { status: number; body: { data: unknown; code: string; message: string }; raw: string };

/** The envelope and nothing else: no framework fields, no stack, no internal names. */
function expectEnvelope(res: Answer, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body).sort()).toEqual(['code', 'data', 'message']);
  expect(res.body).toMatchObject({ data: null, code });
  expect(res.body.message).not.toBe('');
  expect(res.raw).not.toMatch(/FST_|node_modules|\bat .+:\d+:\d+|Error:/);
}

/** One raw HTTP/1.1 exchange over a real socket: the parser's errors happen before Fastify, so inject() cannot show them. */
async function rawExchange(app: FastifyInstance, request: string): Promise<Answer & { head: string }> {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(address.port, '127.0.0.1', () => socket.end(request));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(received) : reject(error),
    );
  });
  const [head = '', raw = ''] = text.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  let body = { data: undefined as unknown, code: '', message: '' };
  try {
    body = JSON.parse(raw);
  } catch {
    // asserted below through `raw`
  }
  return { status, body, raw, head };
}

describe('framework-level errors answer in the envelope', () => {
  it('bad JSON is BAD_REQUEST (400)', async () => {
    const res = await t.call('POST', '/api/auth/get-token', {
      body: '{"email": "a@b.c", ',
      headers: { 'content-type': 'application/json' },
    });
    expectEnvelope(res, 400, 'BAD_REQUEST');
  });

  it('a body over the limit is PAYLOAD_TOO_LARGE (413)', async () => {
    const res = await t.call('POST', '/api/auth/get-token', {
      body: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expectEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('an unsupported media type is UNSUPPORTED_MEDIA_TYPE (415)', async () => {
    const res = await t.call('POST', '/api/auth/get-token', {
      body: 'email=a@b.c',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectEnvelope(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a malformed URL (bad percent-encoding) is BAD_REQUEST (400)', async () => {
    const res = await t.call('GET', '/api/users/get-user/%E0%A4%A', { token: await t.signIn('admin@demo.test') });
    expectEnvelope(res, 400, 'BAD_REQUEST');
  });

  it('a path parameter over the router limit is URI_TOO_LONG (414)', async () => {
    const res = await t.call('GET', `/api/users/get-user/${'1'.repeat(500)}`);
    expectEnvelope(res, 414, 'URI_TOO_LONG');
  });

  it('an unknown method on a known path is NOT_FOUND (404)', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/users/get-users' });
    expectEnvelope({ status: res.statusCode, body: res.json(), raw: res.body }, 404, 'NOT_FOUND');
  });
});

describe('errors of the HTTP parser (a real socket)', () => {
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('headers over the limit are HEADERS_TOO_LARGE (431), no-store', async () => {
    const res = await rawExchange(
      t.app,
      `GET /api/users/get-authenticated-user HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
    );
    expectEnvelope(res, 431, 'HEADERS_TOO_LARGE');
    expect(res.head).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
    expect(res.head).toMatch(/\r\ncache-control: no-store\r\n/i);
  });

  it('a request line the parser cannot read is BAD_REQUEST (400)', async () => {
    const res = await rawExchange(t.app, 'GET /api/a b c HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expectEnvelope(res, 400, 'BAD_REQUEST');
  });

  it('a broken Content-Length is BAD_REQUEST (400)', async () => {
    const res = await rawExchange(
      t.app,
      'POST /api/auth/get-token HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
    );
    expectEnvelope(res, 400, 'BAD_REQUEST');
  });

  it('a well-formed request on the same server still works', async () => {
    const res = await rawExchange(
      t.app,
      'GET /api/no/such/call HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    expectEnvelope(res, 404, 'NOT_FOUND');
  });
});
