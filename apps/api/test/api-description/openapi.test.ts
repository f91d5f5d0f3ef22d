import { allCalls } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface Operation {
  security: Record<string, string[]>[];
  responses: Record<string, { headers: Record<string, unknown> }>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the served OpenAPI document', () => {
  it('documents every call, each answer with the rate-limit headers and each 429 with Retry-After', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['ratelimit-limit']).toBeDefined();
    const paths = (JSON.parse(res.raw) as { paths: Record<string, Record<string, Operation>> }).paths;
    const operations = Object.values(paths).flatMap((methods) => Object.values(methods));
    expect(operations.length).toBe(allCalls.reduce((n, call) => n + call.methods.length, 0));
    for (const operation of operations) {
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '429', '500']));
      for (const response of Object.values(operation.responses)) {
        expect(Object.keys(response.headers)).toEqual(
          expect.arrayContaining(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
        );
      }
      expect(operation.responses['429']?.headers['Retry-After']).toBeDefined();
    }
  });

  it('gives the staff area its own security scheme', async () => {
    const paths = (
      JSON.parse((await t.call('GET', '/api/openapi.json')).raw) as {
        paths: Record<string, Record<string, Operation>>;
      }
    ).paths;
    expect(paths['/api/admin/get-token-as-user']?.post?.security).toEqual([{ staff_admin: [] }]);
    expect(paths['/api/tickets/get-tickets']?.post?.security).toEqual([{ bearer: [] }]);
  });
});
