import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTokens } from '../../src/lib/tokens.ts';
import { appSignedIn } from '../helpers/signed-in.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp, token: string;
beforeAll(async () => ({ t, token } = await appSignedIn('customer@demo.test')));
afterAll(() => t.close());

const authenticated = [
  ['GET', '/api/users/get-authenticated-user'],
  ['GET', '/api/accounts/get-accounts'],
  ['GET', '/api/orders/get-products'],
  ['GET', '/api/content/portal-resource-categories'],
  ['POST', '/api/notifications/get-active-cmc-notifications-count'],
  ['POST', '/api/tickets/get-tickets'],
  ['POST', '/api/tickets/get-tickets-requesting-response'],
  ['POST', '/api/orders/get-pending-orders'],
  ['POST', '/api/invoices/get-latest-invoice'],
  ['POST', '/api/invoices/get-invoice-products'],
  ['POST', '/api/contact/get-team'],
] as const;

describe('authenticated calls', () => {
  it.each(authenticated)('%s %s without a token answers INVALID_TOKEN', async (method, url) => {
    const res = await t.call(method, url, { body: {} });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'INVALID_TOKEN', data: null });
  });

  it.each(authenticated)('%s %s with an expired token answers EXPIRED_TOKEN', async (method, url) => {
    const tokens = createTokens('test-secret-that-is-long-enough-0123456789', 60);
    const user = (await t.call('GET', '/api/users/get-authenticated-user', { token })).body.data as { user_id: number };
    const old = await tokens.sign(
      { user_id: user.user_id, uss_admin_level: 0, tv: 0 },
      Math.floor(Date.now() / 1000) - 3600,
    );
    const res = await t.call(method, url, { token: old.token, body: {} });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('EXPIRED_TOKEN');
  });

  it('refuses a token signed with another secret', async () => {
    const forged = await createTokens('another-secret-that-is-long-enough-0123456789', 60).sign({
      user_id: 1,
      uss_admin_level: 3,
      tv: 0,
    });
    const res = await t.call('GET', '/api/accounts/get-accounts', { token: forged.token });
    expect(res.body.code).toBe('INVALID_TOKEN');
  });

  it('refuses a token of an older token version (password changed)', async () => {
    const second = await t.signIn('customer@demo.test');
    await t.db.query("UPDATE users SET token_version = token_version + 1 WHERE email_nm = 'customer@demo.test'");
    const res = await t.call('GET', '/api/accounts/get-accounts', { token: second });
    expect(res.body.code).toBe('INVALID_TOKEN');
    await t.db.query("UPDATE users SET token_version = token_version - 1 WHERE email_nm = 'customer@demo.test'");
  });
});

describe('ending sessions (issue 27)', () => {
  const rita = 'rita.alvarez@acme-logistics.example';
  const accounts = async (bearer: string) =>
    (await t.call('GET', '/api/accounts/get-accounts', { token: bearer })).body.code;

  it('sign-out everywhere ends every session of the caller, this one included', async () => {
    const [here, elsewhere] = [await t.signIn(rita), await t.signIn(rita)];
    const res = await t.call('POST', '/api/auth/sign-out-everywhere', { token: here, body: {} });
    expect(res.body).toEqual({ data: null, code: 'SUCCESS', message: '' });
    expect([await accounts(here), await accounts(elsewhere)]).toEqual(['INVALID_TOKEN', 'INVALID_TOKEN']);
    expect(await accounts(await t.signIn(rita))).toBe('SUCCESS');
  });

  it('a staff revocation ends a customer’s sessions: staff level 3, never a staff member’s', async () => {
    const customer = await t.signIn(rita);
    const ritaId = (await t.db.one<{ user_id: number }>('SELECT user_id FROM users WHERE email_nm = $1', [rita]))
      ?.user_id as number;
    const staff1 = await t.signIn('staff1@demo.test');
    const staff3 = await t.signIn('staff3@demo.test');
    const signOut = (bearer: string, userId: number) =>
      t.call('POST', '/api/admin/sign-out-user', { token: bearer, body: { userId } });

    expect((await signOut(staff1, ritaId)).body.code).toBe('FORBIDDEN');
    expect(await accounts(customer)).toBe('SUCCESS');
    const staff1Id = (
      await t.db.one<{ user_id: number }>("SELECT user_id FROM users WHERE email_nm = 'staff1@demo.test'")
    )?.user_id as number;
    expect((await signOut(staff3, staff1Id)).body).toEqual({
      data: null,
      code: 'FORBIDDEN',
      message: 'You cannot end the sessions of a staff member.',
    });
    expect(await accounts(staff1)).toBe('SUCCESS');
    expect((await signOut(staff3, 2147483647)).body.code).toBe('NOT_FOUND');

    expect((await signOut(staff3, ritaId)).body).toEqual({ data: null, code: 'SUCCESS', message: '' });
    expect(await accounts(customer)).toBe('INVALID_TOKEN');
    expect(await accounts(staff3)).toBe('SUCCESS');
  });
});

describe('gates', () => {
  it('sends a user with a pending agreement to accept it, but still lets the login data load', async () => {
    const legal = await t.signIn('legal@demo.test');
    const blocked = await t.call('POST', '/api/tickets/get-tickets', { token: legal, body: {} });
    expect(blocked.status).toBe(403);
    expect(blocked.body).toMatchObject({ code: 'UNACCEPTED_LEGAL_AGREEMENT', data: null });
    const user = await t.call('GET', '/api/users/get-authenticated-user', { token: legal });
    expect(user.status).toBe(200);
  });

  it('requires two-factor for a holder of a 2FA-required account', async () => {
    const user = await t.signIn('twofa-required@demo.test');
    const blocked = await t.call('POST', '/api/orders/get-pending-orders', { token: user, body: {} });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('USS_TWO_FACTOR_AUTH_REQUIRED');
    expect(blocked.body.message).toMatch(/two-factor/);
  });
});

describe('system', () => {
  it('reports health with a database check', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.body).toMatchObject({ code: 'SUCCESS', data: { database: 'ok' } });
  });

  it('answers unknown calls in the envelope', async () => {
    const res = await t.call('POST', '/api/no/such-call');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ data: null, code: 'NOT_FOUND', message: 'There is no such call.' });
  });

  it('answers malformed JSON with BAD_REQUEST and no internals', async () => {
    const res = await t.call('POST', '/api/auth/get-token', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.raw).not.toMatch(/at \w+ \(|SyntaxError/);
  });

  it('reads an empty JSON body as no payload', async () => {
    const res = await t.call('POST', '/api/notifications/get-outages', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('SUCCESS');
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.call('GET', '/api/openapi.json');
    const doc = res.body as unknown as { paths: Record<string, Record<string, { operationId: string }>> };
    expect(doc.paths['/api/auth/get-token']?.post?.operationId).toBe('auth.getToken');
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);
    const docs = await t.call('GET', '/api/docs/');
    expect(docs.status).toBe(200);
  });

  it('serves the app for client-side routes but never HTML for a missing asset', async () => {
    const home = await t.call('GET', '/portal/');
    expect(home.status).toBe(200);
    const route = await t.call('GET', '/portal/invoices/view/1/2');
    expect(route.status).toBe(200);
    expect(route.headers['cache-control']).toBe('no-cache');
    const asset = await t.call('GET', '/portal/assets/missing-chunk.js');
    expect(asset.status).toBe(404);
    expect(asset.body.code).toBe('NOT_FOUND');
    const root = await t.call('GET', '/');
    expect(root.headers.location).toBe('/portal/');
  });

  it('tags every answer with a request id', async () => {
    const res = await t.call('GET', '/api/health', { headers: { 'x-request-id': 'req-12345678' } });
    expect(res.headers['x-request-id']).toBe('req-12345678');
  });
});
