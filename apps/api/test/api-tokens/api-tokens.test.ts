import { apiTokens, type ApiToken } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accountId, createApiToken } from './fixtures.ts';

/** Issue 33: account administrators manage their company's API tokens; staff any company's. */
describe('customer API tokens', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn('admin@demo.test');
  });
  afterAll(() => t.close());

  const list = async (token: string, query = '') =>
    (await t.call('GET', `/api/api-tokens/get-tokens${query}`, { token })).body.data as ApiToken[];

  it('creates a token shown once with its prefix, stored hashed, listed without its secret', async () => {
    const { token, api_token } = await createApiToken(t, {
      scopes: ['invoices:read', 'invoices:read', 'tickets:read'],
      accounts: ['1000201', '1000202'],
      days: 365,
      name: 'Accounting sync',
    });
    expect(token).toMatch(/^pct_[A-Za-z0-9_-]{43}$/);
    expect(api_token).toMatchObject({
      name: 'Accounting sync',
      prefix: token.slice(0, 8),
      scopes: ['invoices:read', 'tickets:read'],
      account_ids: [await accountId(t, '1000201'), await accountId(t, '1000202')],
      created_by: 'Avery Brooks',
      last_used_at: null,
    });
    expect(api_token.expires_at - api_token.created_at).toBe(365 * 86400);
    const stored = await t.db.one<{ secret_hash: string }>(
      'SELECT secret_hash FROM customer_api_tokens WHERE token_id = $1',
      [api_token.id],
    );
    expect(stored!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.secret_hash).not.toContain(token.slice(4));
    const listed = await list(admin);
    expect(listed.map((row) => row.id)).toContain(api_token.id);
    expect(JSON.stringify(listed)).not.toContain(token);
  });

  it('records the last use of a token', async () => {
    const { token, api_token } = await createApiToken(t, { scopes: ['invoices:read'] });
    expect((await t.call('POST', '/api/invoices/get-invoices', { token, body: {} })).body.code).toBe('SUCCESS');
    const row = (await list(admin)).find((item) => item.id === api_token.id)!;
    expect(row.last_used_at).toBe(Math.round(t.clock.now() / 1000));
  });

  it('refuses bad input with the field messages', async () => {
    const res = await t.call('POST', '/api/api-tokens/create-token', {
      token: admin,
      body: { name: ' ', account_ids: [], scopes: ['billing:write'], expires_in_days: 366 },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(res.body.data).toEqual({
      name: ['This value is required.'],
      account_ids: ['You must select at least 1 choices.'],
      'scopes.0': ['This value is not valid.'],
      expires_in_days: ['This value should be lower than or equal to 365.'],
    });
    const revoke = await t.call('DELETE', '/api/api-tokens/revoke-token/abc', { token: admin });
    expect(revoke.body.code).toBe('VALIDATION_ERROR');
  });

  it('answers INVALID_TOKEN without a sign-in', async () => {
    for (const [method, url] of [
      ['POST', '/api/api-tokens/create-token'],
      ['GET', '/api/api-tokens/get-tokens'],
      ['DELETE', '/api/api-tokens/revoke-token/1'],
    ] as const) {
      expect((await t.call(method, url, { body: {} })).body.code).toBe('INVALID_TOKEN');
    }
  });

  it("answers NOT_FOUND for another company's account, FORBIDDEN for an account the caller does not administer", async () => {
    const body = { name: 'x', scopes: ['invoices:read'], expires_in_days: 1 };
    const other = await t.call('POST', '/api/api-tokens/create-token', {
      token: admin,
      body: { ...body, account_ids: [await accountId(t, '1000101')] },
    });
    expect(other.body).toMatchObject({ code: 'NOT_FOUND', data: null });
    const plain = await t.call('POST', '/api/api-tokens/create-token', {
      token: admin,
      body: { ...body, account_ids: [await accountId(t, '1000201'), await accountId(t, '1000203')] },
    });
    expect(plain.body).toMatchObject({ code: 'FORBIDDEN', message: 'You do not have permission to do that.' });
    const customer = await t.signIn('customer@demo.test');
    const notAdmin = await t.call('POST', '/api/api-tokens/create-token', {
      token: customer,
      body: { ...body, account_ids: [await accountId(t, '1000101')] },
    });
    expect(notAdmin.body.code).toBe('FORBIDDEN');
  });

  it("lists and revokes only the caller's company's tokens; staff list and revoke any company's", async () => {
    const globex = await createApiToken(t, { scopes: ['users:read'] });
    const rita = await t.signIn('rita.alvarez@acme-logistics.example');
    const acme = await createApiToken(t, { scopes: ['tickets:read'], accounts: ['1000101'] }, rita);
    expect((await list(rita)).map((row) => row.id)).toEqual([acme.api_token.id]);
    expect((await list(admin)).map((row) => row.id)).not.toContain(acme.api_token.id);
    // A plain user of the accounts sees none.
    expect(await list(await t.signIn('customer@demo.test'))).toEqual([]);

    const foreign = await t.call('DELETE', `/api/api-tokens/revoke-token/${acme.api_token.id}`, { token: admin });
    expect(foreign.body).toMatchObject({ code: 'NOT_FOUND', data: null });

    const staff = await t.signIn('staff1@demo.test');
    const all = (await list(staff)).map((row) => row.id);
    expect(all).toEqual(expect.arrayContaining([globex.api_token.id, acme.api_token.id]));
    const acmeAccount = await accountId(t, '1000101');
    expect((await list(staff, `?account_id=${acmeAccount}`)).map((row) => row.id)).toEqual([acme.api_token.id]);
    const revoked = await t.call('DELETE', `/api/api-tokens/revoke-token/${acme.api_token.id}`, { token: staff });
    expect(revoked.body).toEqual({ data: null, code: 'SUCCESS', message: '' });
    expect(await list(rita)).toEqual([]);
    const again = await t.call('DELETE', `/api/api-tokens/revoke-token/${acme.api_token.id}`, { token: staff });
    expect(again.body.code).toBe('NOT_FOUND');
  });

  it('leaves expired tokens out of the list', async () => {
    const { api_token } = await createApiToken(t, { scopes: ['invoices:read'], days: 1 });
    expect((await list(admin)).map((row) => row.id)).toContain(api_token.id);
    t.clock.advance(86400 * 1000);
    expect((await list(admin)).map((row) => row.id)).not.toContain(api_token.id);
  });

  it('a token cannot manage tokens', async () => {
    const { token } = await createApiToken(t, { scopes: [...apiTokens.scopes] });
    const res = await t.call('GET', '/api/api-tokens/get-tokens', { token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('API tokens cannot make this call: it needs a portal sign-in.');
  });
});
