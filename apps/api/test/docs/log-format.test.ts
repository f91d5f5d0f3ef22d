import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app.ts';
import { createDeps } from '../../src/bootstrap.ts';
import { createTestApp, testEnv, type TestApp } from '../helpers/test-app.ts';

const readme = readFileSync(resolve(import.meta.dirname, '../../../../README.md'), 'utf8');
/** The two lines of a request the README shows under Deploying. */
const documented = (/ {2}```\n {2}(\{"level".*)\n {2}(\{"level".*)\n {2}```/.exec(readme) ?? [])
  .slice(1)
  .map((line) => JSON.parse(line) as Record<string, unknown>);

/** A line's keys, nested ones as a.b. */
const shape = (line: Record<string, unknown>, prefix = ''): string[] =>
  Object.entries(line)
    .flatMap(([key, value]) =>
      typeof value === 'object' && value !== null && !Array.isArray(value)
        ? shape(value as Record<string, unknown>, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    )
    .sort();

let t: TestApp;
let app: FastifyInstance;
let base: string;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await createTestApp();
  // The test app's database, which the test app closes (not this one).
  const db = { ...t.db, close: async () => {} };
  const deps = await createDeps(testEnv({ LOG_LEVEL: 'info' }), { db, clock: t.clock });
  app = await buildApp(deps, {
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('the log format the README describes', () => {
  it('writes two lines a request at info, as shown, under the request id it answers, without the token', async () => {
    expect(documented).toHaveLength(2);
    lines.length = 0;
    const res = await fetch(`${base}/api/health`, {
      headers: { 'x-request-id': 'provider-trace-0001', authorization: 'Bearer pit_secret-token-value' },
    });
    expect(res.headers.get('x-request-id')).toBe('provider-trace-0001');
    const request = lines.filter((line) => line.reqId === 'provider-trace-0001');
    expect(request.map((line) => line.msg)).toEqual(documented.map((line) => line.msg));
    request.forEach((line, i) => expect(shape(line)).toEqual(shape(documented[i] as Record<string, unknown>)));
    expect(request.every((line) => line.level === 30)).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('pit_secret');

    // An id that is not 8 to 64 letters, digits, _ or - is replaced by a new UUID.
    lines.length = 0;
    const other = (await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'short' } })).headers.get(
      'x-request-id',
    );
    expect(other).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(lines.map((line) => line.reqId)).toEqual([other, other]);
  });
});
