import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { TestApp } from '../helpers/test-app.ts';
import { appWithRoles, type Role } from '../users/fixtures.ts';
import { newToken, revoke } from './kit.ts';

let t: TestApp, tokens: Record<Role, string>;
beforeEach(async () => ({ t, tokens } = await appWithRoles()));
afterEach(() => t.close());

const forbidden = { data: null, code: 'FORBIDDEN', message: 'You do not have permission to do that.' };

describe('integration tokens (staff level 3)', () => {
  it('creates a token whose secret is shown once and stored only as its hash', async () => {
    const res = await t.call('POST', '/api/integration/tokens', {
      token: tokens.staff3,
      body: { name: ' Billing feed ', scopes: ['billing', 'accounts', 'billing'] },
    });
    expect(res.status).toBe(200);
    const data = res.body.data as { id: number; token: string; scopes: string[] };
    expect(data.token).toMatch(/^pit_[A-Za-z0-9_-]{43}$/);
    expect(data.scopes).toEqual(['billing', 'accounts']);
    const row = await t.db.one<{ secret_hash: string; name: string }>(
      'SELECT secret_hash, name FROM integration_tokens WHERE token_id = $1',
      [data.id],
    );
    expect(row?.name).toBe('Billing feed');
    expect(row?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.secret_hash).not.toContain(data.token.slice(4));

    const list = await t.call('GET', '/api/integration/tokens', { token: tokens.staff3 });
    expect(list.status).toBe(200);
    const items = list.body.data as Record<string, unknown>[];
    const item = items.find((i) => i.id === data.id);
    expect(item).toEqual({
      id: data.id,
      name: 'Billing feed',
      scopes: ['billing', 'accounts'],
      created_at: expect.any(Number),
      last_used_at: null,
      webhook: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(data.token);
  });

  it('revokes a token at once; a second revoke answers NOT_FOUND', async () => {
    const { id } = await newToken(t, tokens.staff3);
    const res = await revoke(t, tokens.staff3, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null, code: 'SUCCESS', message: '' });
    const list = await t.call('GET', '/api/integration/tokens', { token: tokens.staff3 });
    expect((list.body.data as { id: number }[]).map((i) => i.id)).not.toContain(id);
    expect((await revoke(t, tokens.staff3, id)).body.code).toBe('NOT_FOUND');
    expect((await revoke(t, tokens.staff3, 'abc')).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { id: ['This value should be a valid integer.'] },
    });
  });

  it('checks the name and the scopes', async () => {
    const res = await t.call('POST', '/api/integration/tokens', {
      token: tokens.staff3,
      body: { name: '', scopes: ['everything'] },
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({ name: ['This value is required.'], 'scopes.0': ['This value is not valid.'] });
    const none = await t.call('POST', '/api/integration/tokens', {
      token: tokens.staff3,
      body: { name: 'x', scopes: [] },
    });
    expect(none.body.data).toEqual({ scopes: ['You must select at least 1 choices.'] });
  });

  it('answers FORBIDDEN below level 3 and INVALID_TOKEN without a user token', async () => {
    const { id } = await newToken(t, tokens.staff3);
    for (const role of ['customer', 'admin', 'staff1', 'staff2'] as const) {
      const create = await t.call('POST', '/api/integration/tokens', {
        token: tokens[role],
        body: { name: 'x', scopes: ['all'] },
      });
      expect(create.status, role).toBe(403);
      expect(create.body).toEqual(forbidden);
      expect((await t.call('GET', '/api/integration/tokens', { token: tokens[role] })).body).toEqual(forbidden);
      expect((await revoke(t, tokens[role], id)).body).toEqual(forbidden);
      expect((await t.call('GET', '/api/integration/batches', { token: tokens[role] })).body).toEqual(forbidden);
    }
    const anonymous = await t.call('GET', '/api/integration/tokens');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('INVALID_TOKEN');
  });

  it('never lets an integration token make a user call', async () => {
    const { token } = await newToken(t, tokens.staff3);
    for (const url of ['/api/integration/tokens', '/api/accounts/get-accounts']) {
      const res = await t.call('GET', url, { token });
      expect(res.status, url).toBe(401);
      expect(res.body.code).toBe('INVALID_TOKEN');
    }
  });
});
