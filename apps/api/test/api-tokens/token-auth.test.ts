import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accountId, createApiToken } from './fixtures.ts';

/** Issue 33: how a `pct_` token is taken, refused, gated and limited. */
describe('calling with a customer API token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const invoices = (token: string, app = t) => app.call('POST', '/api/invoices/get-invoices', { token, body: {} });

  it('sees only its own accounts', async () => {
    const { token } = await createApiToken(t, { scopes: ['invoices:read'], accounts: ['1000202'] });
    const res = await invoices(token);
    expect(res.body.code).toBe('SUCCESS');
    const rows = (res.body.data as { data: { account_id: number }[] }).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.account_id))).toEqual(new Set([await accountId(t, '1000202')]));
  });

  it('refuses a forged token, and a session token is not mistaken for one', async () => {
    const forged = await invoices(`pct_${'A'.repeat(43)}`);
    expect({ status: forged.status, code: forged.body.code, message: forged.body.message }).toEqual({
      status: 401,
      code: 'INVALID_TOKEN',
      message: 'The API token is unknown or revoked.',
    });
    const { token } = await createApiToken(t, { scopes: ['invoices:read'] });
    expect((await invoices(`${token}x`)).body.code).toBe('INVALID_TOKEN');
    expect((await invoices(token.slice(4))).body.code).toBe('INVALID_TOKEN');
  });

  it('refuses an expired token', async () => {
    const { token } = await createApiToken(t, { scopes: ['invoices:read'], days: 1 });
    expect((await invoices(token)).body.code).toBe('SUCCESS');
    t.clock.advance(86400 * 1000);
    const res = await invoices(token);
    expect({ status: res.status, code: res.body.code, message: res.body.message }).toEqual({
      status: 401,
      code: 'EXPIRED_TOKEN',
      message: 'The API token has expired.',
    });
  });

  it('is refused by every process at once when revoked', async () => {
    const peer = await t.peer();
    const { token, api_token } = await createApiToken(t, { scopes: ['invoices:read'] });
    expect((await invoices(token, peer)).body.code).toBe('SUCCESS');
    const admin = await t.signIn('admin@demo.test');
    expect((await t.call('DELETE', `/api/api-tokens/revoke-token/${api_token.id}`, { token: admin })).body.code).toBe(
      'SUCCESS',
    );
    expect((await invoices(token, peer)).body.code).toBe('INVALID_TOKEN');
    expect((await invoices(token)).body.code).toBe('INVALID_TOKEN');
  });

  it('passes no two-factor gate, where a signed-in member of the account is stopped', async () => {
    const { token } = await createApiToken(t, { scopes: ['invoices:read'], accounts: ['1000201'] });
    await t.db.query('UPDATE accounts SET is_2fa_required = true WHERE account_number = $1', ['1000201']);
    const member = await t.signIn('dana.whitaker@globex-health.example');
    expect((await invoices(member)).body.code).toBe('USS_TWO_FACTOR_AUTH_REQUIRED');
    expect((await invoices(token)).body.code).toBe('SUCCESS');
    await t.db.query('UPDATE accounts SET is_2fa_required = false WHERE account_number = $1', ['1000201']);
  });

  it('has its own rate limit with the RateLimit headers', async () => {
    const limited = await t.peer({ API_TOKEN_RATE_LIMIT_PER_MINUTE: '2' });
    const { token } = await createApiToken(t, { scopes: ['invoices:read'] });
    const first = await invoices(token, limited);
    expect(first.headers).toMatchObject({ 'ratelimit-limit': '2', 'ratelimit-remaining': '1' });
    expect((await invoices(token, limited)).body.code).toBe('SUCCESS');
    const third = await invoices(token, limited);
    expect({ status: third.status, code: third.body.code }).toEqual({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
    expect(third.headers).toMatchObject({ 'ratelimit-remaining': '0' });
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // Another token has its own count.
    const other = await createApiToken(t, { scopes: ['invoices:read'] });
    expect((await invoices(other.token, limited)).body.code).toBe('SUCCESS');
  });
});
