// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fixedHeaderList, FixedHeadersResponse } from './fixed-headers.ts';

const fixed: [string, string][] = [
  ['Content-Security-Policy', "default-src 'self';frame-ancestors 'none'"],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'SAMEORIGIN'],
];
const list = fixedHeaderList(fixed);

/** What a handler does with the answer after the fixed headers are in place, as Fastify and plugins do. */
const cases: Record<string, (res: ServerResponse) => void> = {
  "Fastify's writeHead": (res) => {
    res.writeHead(200, { 'ratelimit-limit': 5, 'content-type': 'application/json', 'content-length': '2' });
    res.end('{}');
  },
  'a fixed header replaced by the answer (its place kept)': (res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'x-frame-options': 'DENY', 'content-length': '0' });
    res.end();
  },
  'with a reason phrase': (res) => {
    res.writeHead(404, 'Gone Fishing', { 'content-length': '0' });
    res.end();
  },
  'no writeHead (end sets the head)': (res) => res.end('x'),
  'writeHead without headers': (res) => {
    res.writeHead(204);
    res.end();
  },
  'setHeader before writeHead': (res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Frame-Options', 'DENY');
    res.writeHead(200, { 'content-length': '0' });
    res.end();
  },
  'headers read before writeHead': (res) => {
    const seen = [res.getHeader('x-frame-options'), res.hasHeader('X-Content-Type-Options'), res.getHeader('nope')];
    res.writeHead(200, { 'x-seen': JSON.stringify(seen), 'content-length': '0' });
    res.end();
  },
  'headers listed before writeHead': (res) => {
    res.writeHead(200, { 'x-seen': JSON.stringify([res.getHeaderNames(), res.getHeaders()]), 'content-length': '0' });
    res.end();
  },
  'a fixed header removed': (res) => {
    res.removeHeader('X-Frame-Options');
    res.end();
  },
  'a header appended': (res) => {
    res.appendHeader('Set-Cookie', 'a=1');
    res.appendHeader('Set-Cookie', 'b=2');
    res.end();
  },
  'writeHead with names in capitals': (res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Frame-Options': 'DENY', 'Content-Length': '0' });
    res.end();
  },
  'writeHead with a list': (res) => {
    res.writeHead(200, ['X-Frame-Options', 'DENY', 'content-length', '0']);
    res.end();
  },
  'a header with several values': (res) => {
    res.writeHead(200, { 'set-cookie': ['a=1', 'b=2'], 'content-length': '0' });
    res.end();
  },
};

/** The raw head of an answer, Date aside. */
function head(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
    );
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('end', () => resolve((text.split('\r\n\r\n')[0] as string).replace(/^Date: .*$/m, 'Date: -')));
    socket.on('error', reject);
  });
}

const serve = (server: Server) =>
  new Promise<number>((ready) => server.listen(0, '127.0.0.1', () => ready((server.address() as AddressInfo).port)));

describe('FixedHeadersResponse', () => {
  const handle = (res: ServerResponse, req: IncomingMessage) => {
    const run = cases[decodeURIComponent((req.url as string).slice(1))];
    if (run) run(res);
    else res.end();
  };
  // As before: helmet's headers set one by one with setHeader, first thing on every answer.
  const before = createServer((req, res) => {
    for (const [name, value] of fixed) res.setHeader(name, value);
    handle(res, req);
  });
  const after = createServer({ ServerResponse: FixedHeadersResponse }, (req, res) => {
    (res as FixedHeadersResponse).useFixedHeaders(list);
    handle(res, req);
  });
  let ports: [number, number];
  beforeAll(async () => {
    ports = [await serve(before), await serve(after)];
  });
  afterAll(() => {
    before.close();
    after.close();
  });

  for (const name of Object.keys(cases)) {
    it(`writes the same head as setHeader first: ${name}`, async () => {
      const path = `/${encodeURIComponent(name)}`;
      const [expected, actual] = await Promise.all(ports.map((port) => head(port, path)));
      expect(actual).toBe(expected);
      expect(actual).toMatch(/^HTTP\/1\.1 \d{3} /);
    });
  }

  it('writes the fixed headers in their order and spelling, ahead of the answer', async () => {
    const text = await head(ports[1], `/${encodeURIComponent("Fastify's writeHead")}`);
    expect(text.split('\r\n').slice(1, 6)).toEqual([
      ...fixed.map(([name, value]) => `${name}: ${value}`),
      'ratelimit-limit: 5',
    ]);
  });
});
