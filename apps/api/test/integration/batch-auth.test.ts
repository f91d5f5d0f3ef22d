import { integration } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { batch, newToken, revoke } from './kit.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signIn(demoEmails.staff3);
});
afterAll(() => t.close());

const unauthorized = {
  data: null,
  code: 'UNAUTHORIZED',
  message: 'The integration token is missing, unknown or revoked.',
};

describe('who may call the batch upserts', () => {
  it.each(integration.collectionNames)(
    '%s: no token, a user token, an unknown or revoked token answer UNAUTHORIZED',
    async (name) => {
      const item = { [integration.collections[name].key]: 'x' };
      expect((await batch(t, undefined, name, [item])).body).toEqual(unauthorized);
      const userToken = await t.signIn(demoEmails.customer);
      expect((await batch(t, userToken, name, [item])).body).toEqual(unauthorized);
      expect((await batch(t, staff, name, [item])).body).toEqual(unauthorized);
      expect((await batch(t, `pit_${'a'.repeat(43)}`, name, [item])).status).toBe(401);
      const { id, token } = await newToken(t, staff);
      await revoke(t, staff, id);
      const res = await batch(t, token, name, [item]);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(unauthorized);
    },
  );

  it.each(integration.collectionNames)('%s: a token without its scope answers FORBIDDEN', async (name) => {
    const scope = integration.collections[name].scope;
    const other = integration.scopes.filter((s) => s !== scope && s !== 'all');
    const { token } = await newToken(t, staff, other);
    const res = await batch(t, token, name, [{}]);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      data: null,
      code: 'FORBIDDEN',
      message: `This integration token does not have the ${scope} scope.`,
    });
    const scoped = await newToken(t, staff, [scope]);
    expect((await batch(t, scoped.token, name, [{}])).status).toBe(200);
  });

  it('checks the token and its scope before the input, and before reading the body', async () => {
    const empty = { items: [] };
    const post = (token: string | undefined, body: unknown) =>
      t.call('POST', '/api/integration/v1/invoices/batch', { ...(token ? { token } : {}), body });
    expect((await post(undefined, empty)).body).toEqual(unauthorized);
    expect((await post(await t.signIn(demoEmails.customer), empty)).body).toEqual(unauthorized);
    const events = await t.call('GET', '/api/integration/v1/events?limit=5000');
    expect(events.body).toEqual(unauthorized);
    const noScope = await newToken(t, staff, ['accounts']);
    expect((await post(noScope.token, empty)).body).toMatchObject({ code: 'FORBIDDEN' });
    const scoped = await newToken(t, staff, ['billing']);
    expect((await post(scoped.token, empty)).body.code).toBe('VALIDATION_ERROR');
  });

  it('takes bodies up to 64 MB (user calls: 1 MiB), refused unread without a token', async () => {
    const { token } = await newToken(t, staff, ['notifications']);
    const send = (body: string, as?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/integration/v1/outages/batch',
        headers: { 'content-type': 'application/json', ...(as ? { authorization: `Bearer ${as}` } : {}) },
        payload: body,
      });
    // Two megabytes: over any user call's limit, well within a batch's (read and answered item by item:
    // the unknown field is this item's error, issue 34).
    const big = JSON.stringify({
      items: [{ external_id: 'big-1', message: 'm', active: false, pad: 'x'.repeat(2e6) }],
    });
    const accepted = await send(big, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      data: {
        results: [
          {
            key: 'big-1',
            status: 'invalid',
            errors: { pad: [integration.integrationMessages.notInCollection('outages')] },
          },
        ],
      },
    });
    const tooBig = JSON.stringify({ items: [{ external_id: 'big-2', message: 'm', pad: 'x'.repeat(65 * 2 ** 20) }] });
    const refused = await send(tooBig, token);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', data: null });
    expect((await send(tooBig)).json()).toEqual(unauthorized);
  });

  it('takes 1 to 1,000 items', async () => {
    const { token } = await newToken(t, staff);
    const none = await batch(t, token, 'products', []);
    expect(none.status).toBe(422);
    expect(none.body.data).toEqual({ items: ['You must select at least 1 choices.'] });
    const many = await batch(
      t,
      token,
      'products',
      Array.from({ length: 1001 }, () => ({})),
    );
    expect(many.body.data).toEqual({ items: ['You must select 1000 choices or fewer.'] });
    const notList = await batch(t, token, 'products', undefined as unknown as unknown[]);
    expect(notList.body.code).toBe('VALIDATION_ERROR');
  });

  it('limits a token to 60 batches a minute and records every batch', async () => {
    const { id, token } = await newToken(t, staff, ['notifications']);
    for (let i = 0; i < 60; i += 1) {
      expect((await batch(t, token, 'outages', [{ external_id: `rl-${i}`, message: 'm', active: false }])).status).toBe(
        200,
      );
    }
    const over = await batch(t, token, 'outages', [{ external_id: 'rl-x', message: 'm' }]);
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('TOO_MANY_ATTEMPTS');
    // The clock stands still: the oldest of the 60 leaves the minute in 60 seconds.
    expect(over.headers['retry-after']).toBe('60');
    // The limit is the token's own: another token of the same provider still gets through.
    const other = await newToken(t, staff, ['notifications']);
    expect((await batch(t, other.token, 'outages', [{ external_id: 'rl-y', message: 'm' }])).status).toBe(200);
    const recorded = await t.db.one<{ n: number; created: number }>(
      'SELECT count(*) AS n, sum(created)::int AS created FROM integration_batches WHERE token_id = $1',
      [id],
    );
    expect(recorded).toEqual({ n: 60, created: 60 });
    const records = await t.call('GET', '/api/integration/batches', { token: staff });
    expect((records.body.data as unknown[])[0]).toEqual({
      id: expect.any(Number),
      token_name: 'feed',
      source: 'token',
      collection: 'outages',
      created: 1,
      updated: 0,
      unchanged: 0,
      invalid: 0,
      started_at: expect.any(Number),
      duration_ms: expect.any(Number),
      refused: null,
      refused_detail: null,
    });
    t.clock.advance(61_000);
    expect((await batch(t, token, 'outages', [{ external_id: 'rl-x', message: 'm' }])).status).toBe(200);
  });
});
