import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  customer = await t.signIn('customer@demo.test');
});
afterAll(() => t.close());

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (token: string) => token.split('.') as [string, string, string];

describe('hostile tokens', () => {
  it('refuses alg "none" (unsigned) with the same claims', async () => {
    const [, payload] = parts(customer);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const res = await t.call('GET', '/api/accounts/get-accounts', { token: unsigned });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'INVALID_TOKEN', data: null });
  });

  it('refuses a payload raised to staff level 3 under the original signature', async () => {
    const [header, payload, signature] = parts(customer);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const raised = `${header}.${b64({ ...claims, uss_admin_level: 3 })}.${signature}`;
    const res = await t.call('POST', '/api/admin/find-accounts', { token: raised, body: {} });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_TOKEN');
  });

  it('refuses garbage, an empty bearer and a token in the cookie alone', async () => {
    for (const token of ['x', 'a.b.c', `${customer}x`]) {
      expect((await t.call('GET', '/api/accounts/get-accounts', { token })).body.code).toBe('INVALID_TOKEN');
    }
    const cookieOnly = await t.call('GET', '/api/accounts/get-accounts', {
      headers: { cookie: `portalToken=${customer}` },
    });
    expect(cookieOnly.body.code).toBe('INVALID_TOKEN');
  });

  it('refuses an integration token on a user call', async () => {
    const staff = await t.signIn('staff3@demo.test');
    const created = await t.call('POST', '/api/integration/tokens', {
      token: staff,
      body: { name: 'hostile', scopes: ['all'] },
    });
    const secret = (created.body.data as { token: string }).token;
    const res = await t.call('GET', '/api/accounts/get-accounts', { token: secret });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'INVALID_TOKEN', data: null });
  });
});
