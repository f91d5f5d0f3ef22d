// @vitest-environment node
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createOutbound } from '../../../lib/outbound.ts';
import { queryRange as query, queryRangeUrl, SourceError, type RangeQuery } from './query.ts';

const send = createOutbound({ all: true, hosts: [], networks: [] }).fetch;
const queryRange = (q: RangeQuery) => query(q, send);

/** A stand-in Prometheus HTTP API: answers by the expression asked (the portal's code runs as is). */
let base = '';
let lastRequest: { url: string; auth: string | undefined; body: URLSearchParams } | undefined;
const answers: Record<string, (res: ServerResponse) => void> = {
  up: (res) =>
    res.end(
      JSON.stringify({
        status: 'success',
        data: {
          resultType: 'matrix',
          result: [
            {
              metric: {},
              values: [
                [100, '1.5'],
                [160, 'NaN'],
                [220, '3'],
              ],
            },
          ],
        },
      }),
    ),
  empty: (res) => res.end(JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: [] } })),
  two: (res) =>
    res.end(
      JSON.stringify({
        status: 'success',
        data: {
          resultType: 'matrix',
          result: [
            { metric: { a: '1' }, values: [] },
            { metric: { a: '2' }, values: [] },
          ],
        },
      }),
    ),
  'bad(': (res) => {
    res.statusCode = 400;
    res.end(
      JSON.stringify({
        status: 'error',
        errorType: 'bad_data',
        error: 'parse error at char 5: unclosed left parenthesis',
      }),
    );
  },
  html: (res) => {
    res.statusCode = 404;
    res.end('<html><body>\n  Not   here: internal-page-text </body></html>');
  },
  long: (res) => {
    res.statusCode = 422;
    res.end(JSON.stringify({ status: 'error', errorType: 'execution', error: `too\u0000many\n${'x'.repeat(500)}` }));
  },
  moved: (res) => {
    res.writeHead(301, { location: '/elsewhere' });
    res.end();
  },
  slow: (res) => void setTimeout(() => res.end('{}'), 1500),
};
const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString()));
  req.on('end', () => {
    const params = new URLSearchParams(body);
    lastRequest = { url: req.url ?? '', auth: req.headers.authorization, body: params };
    (answers[params.get('query') ?? ''] ?? answers.html)?.(res);
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prom`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const q = (promql: string, extra: Partial<RangeQuery> = {}): RangeQuery => ({
  url: base,
  auth: { kind: 'none', username: null, secret: null },
  promql,
  start: 100,
  end: 220,
  step: 60,
  timeoutMs: 1000,
  ...extra,
});

describe('query_range against a Prometheus-compatible API', () => {
  it('posts the expression, range and step to {url}/api/v1/query_range and reads the one series', async () => {
    expect(await queryRange(q('up'))).toEqual([
      [100, 1.5],
      [160, null],
      [220, 3],
    ]);
    expect(lastRequest?.url).toBe('/prom/api/v1/query_range');
    expect(Object.fromEntries(lastRequest?.body ?? [])).toEqual({
      query: 'up',
      start: '100',
      end: '220',
      step: '60',
      timeout: '1s',
    });
    expect(lastRequest?.auth).toBeUndefined();
    expect(await queryRange(q('empty'))).toEqual([]);
  });

  it('signs in with a bearer token or basic auth', async () => {
    await queryRange(q('up', { auth: { kind: 'bearer', username: null, secret: 'tok' } }));
    expect(lastRequest?.auth).toBe('Bearer tok');
    await queryRange(q('up', { auth: { kind: 'basic', username: 'prom', secret: 'pw' } }));
    expect(lastRequest?.auth).toBe(`Basic ${Buffer.from('prom:pw').toString('base64')}`);
  });

  it("fails with the source's own error text, an HTTP status, or why it got none", async () => {
    await expect(queryRange(q('bad('))).rejects.toThrow(
      new SourceError('HTTP 400: bad_data: parse error at char 5: unclosed left parenthesis'),
    );
    await expect(queryRange(q('html'))).rejects.toThrow(new SourceError('HTTP 404'));
    await expect(queryRange(q('two'))).rejects.toThrow(/yields 2 series; a chart column takes one/);
    await expect(queryRange(q('slow'))).rejects.toThrow(new SourceError('The source did not answer within 1 s.'));
    await expect(queryRange(q('up', { url: 'http://127.0.0.1:4459' }))).rejects.toThrow(
      /The source could not be reached: .*ECONNREFUSED/,
    );
  });

  it("never keeps an answer's body that is not Prometheus's own error, and that one short and on one line", async () => {
    const error = await queryRange(q('long')).catch((e: unknown) => e as SourceError);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).message).toMatch(/^HTTP 422: execution: too many x+…$/);
    expect((error as SourceError).message).toHaveLength(200);
    await expect(queryRange(q('html'))).rejects.not.toThrow(/internal-page-text/);
  });

  it('does not follow a redirect', async () => {
    await expect(queryRange(q('moved'))).rejects.toThrow(
      new SourceError('The source answered a redirect (HTTP 301), which is not followed.'),
    );
    expect(lastRequest?.url).toBe('/prom/api/v1/query_range');
  });

  it("joins /api/v1/query_range to the source's path with the URL API", () => {
    expect(queryRangeUrl('http://mimir.example/prometheus').href).toBe(
      'http://mimir.example/prometheus/api/v1/query_range',
    );
    expect(queryRangeUrl('http://mimir.example:9009/').href).toBe('http://mimir.example:9009/api/v1/query_range');
    // A URL held before trailing ? and # were refused still asks the path, not a query.
    expect(queryRangeUrl('http://mimir.example/prometheus?').href).toBe(
      'http://mimir.example/prometheus/api/v1/query_range',
    );
  });
});
