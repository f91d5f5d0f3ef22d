// @vitest-environment node
import { get } from 'node:http';
import { Readable } from 'node:stream';

import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { errorServerOptions, registerErrorHandler } from './error-handler.ts';
import { FixedHeadersResponse } from './fixed-headers.ts';

let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  app = Fastify({ http: { ServerResponse: FixedHeadersResponse }, ...errorServerOptions });
  registerErrorHandler(app);
  // A download whose headers fail only as the stream starts: Fastify copies them onto the response one
  // by one, so the file's type and length are set before the header Node refuses.
  app.get('/download', (_request, reply) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-length', '100000')
      .header('content-disposition', 'attachment; filename="請求書.pdf"')
      .send(Readable.from([Buffer.alloc(100_000)])),
  );
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

/** One GET over a real socket, with the whole body (app.inject does not wait on Content-Length). */
const fetchAll = (url: string) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const request = get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    // Without the fix the answer claimed the file's 100,000 bytes and the client waited for them forever.
    request.setTimeout(3000, () => request.destroy(new Error('no complete answer within 3 s')));
    request.on('error', reject);
  });

describe('a failure while a download starts', () => {
  it('answers the SERVER_ERROR envelope, without the file’s length, type or name', async () => {
    const res = await fetchAll(`${origin}/download`);
    expect(res.status).toBe(500);
    expect(JSON.parse(res.body)).toEqual({
      data: null,
      code: 'SERVER_ERROR',
      message: expect.any(String),
    });
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBeUndefined();
  });
});
