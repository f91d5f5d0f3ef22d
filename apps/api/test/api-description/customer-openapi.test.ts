import { allCalls, apiTokens } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface Operation {
  operationId: string;
  security: Record<string, string[]>[];
  responses: Record<string, { description: string }>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Issue 33: the customer API document lists the calls a `pct_` token may make, each with its scope. */
describe('the customer API document', () => {
  it('documents exactly the calls with a token scope, each secured by its scope', async () => {
    const res = await t.call('GET', '/api/customer/openapi.json');
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.raw) as {
      paths: Record<string, Record<string, Operation>>;
      components: { securitySchemes: Record<string, { bearerFormat: string }> };
    };
    const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
    const scoped = allCalls.filter((call) => call.auth.access === 'user' && call.auth.scope && !call.auth.staffLevel);
    expect(operations.map((op) => op.operationId.split('.').slice(0, 2).join('.')).sort()).toEqual(
      scoped.flatMap((call) => call.methods.map(() => call.id)).sort(),
    );
    for (const call of scoped) {
      const op = doc.paths[`/api${call.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`]![call.methods[0]!.toLowerCase()]!;
      expect(op.security).toEqual([{ [`token_${call.auth.scope!.replace(':', '_')}`]: [] }]);
      expect(op.responses['403']!.description).toContain('FORBIDDEN');
      expect(JSON.stringify(op.responses)).not.toContain('USS_TWO_FACTOR_AUTH_REQUIRED');
    }
    expect(Object.keys(doc.components.securitySchemes)).toHaveLength(apiTokens.scopes.length);
    expect(doc.components.securitySchemes['token_invoices_read']!.bearerFormat).toBe('pct_ customer API token');
  });
});
