import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { batch, newToken, statuses } from './kit.ts';

/**
 * Feeds that refuse what they cannot show truthfully (issue 34): each such item is `invalid` with its
 * field named and a message saying what is wrong; the other items of its batch are applied.
 */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await newToken(t, await t.signIn(demoEmails.staff3))).token;
});
afterAll(async () => {
  await t.close();
});

const account = (n: string, extra: Record<string, unknown> = {}) => ({
  account_number: n,
  name: `Refusals ${n}`,
  company: 'Refusals Co',
  ...extra,
});

describe('item fields', () => {
  it('refuses a field the collection does not know, naming it, and applies the other items', async () => {
    const res = await batch(t, token, 'accounts', [
      account('9340001'),
      account('9340002', { credit_limit: 5000 }),
      account('9340003', {
        team: [{ email_nm: 'am@example.com', first_nm: 'A', last_nm: 'M', team_title: 'AM', fax: '1' }],
      }),
      account('9340004'),
    ]);
    expect(res.body.code).toBe('SUCCESS');
    expect(statuses(res.results)).toEqual(['created', 'invalid', 'invalid', 'created']);
    expect(res.results[1]?.errors).toEqual({ credit_limit: ['This field is not part of the accounts collection.'] });
    expect(res.results[2]?.errors).toEqual({ 'team.0.fax': ['This field is not part of the accounts collection.'] });
  });

  it('says a value of the wrong type is of the wrong type, and an over-long one names its maximum', async () => {
    const res = await batch(t, token, 'accounts', [
      account('9340011', { name: 42 }),
      account('9340012', { name: 'x'.repeat(201) }),
      { account_number: '9340013', company: 'Refusals Co' },
      account('9340014'),
    ]);
    expect(statuses(res.results)).toEqual(['invalid', 'invalid', 'invalid', 'created']);
    expect(res.results[0]?.errors).toEqual({ name: ['This value should be text.'] });
    expect(res.results[1]?.errors).toEqual({
      name: ['This value is too long: it should have 200 characters or fewer.'],
    });
    expect(res.results[2]?.errors).toEqual({ name: ['This value is required.'] });
  });

  it('says a number field sent as something else should be a number', async () => {
    await batch(t, token, 'accounts', [account('9340021')]);
    const res = await batch(t, token, 'payments', [
      { payment_reference: 'R-9340021-1', account_number: '9340021', paid_at: '2026-01-02T00:00:00Z', amount: true },
      { payment_reference: 'R-9340021-2', account_number: '9340021', paid_at: '2026-01-02T00:00:00Z' },
      { payment_reference: 'R-9340021-3', account_number: '9340021', paid_at: '2026-01-02T00:00:00Z', amount: 10 },
    ]);
    expect(statuses(res.results)).toEqual(['invalid', 'invalid', 'created']);
    expect(res.results[0]?.errors).toEqual({ amount: ['This value should be a number.'] });
    expect(res.results[1]?.errors).toEqual({ amount: ['This value is required.'] });
  });
});

describe('keys of one batch', () => {
  it('refuses the items that share a key, each naming the other, and applies the rest', async () => {
    const res = await batch(t, token, 'accounts', [
      account('9340031'),
      account('9340032', { name: 'First' }),
      account('9340033'),
      account('9340032', { name: 'Second' }),
    ]);
    expect(res.body.code).toBe('SUCCESS');
    expect(statuses(res.results)).toEqual(['created', 'invalid', 'created', 'invalid']);
    expect(res.results[1]).toEqual({
      key: '9340032',
      status: 'invalid',
      errors: { account_number: ['Also item 4 of this batch.'] },
    });
    expect(res.results[3]?.errors).toEqual({ account_number: ['Also item 2 of this batch.'] });
    expect(await t.db.one('SELECT count(*)::int AS n FROM accounts WHERE account_number = $1', ['9340032'])).toEqual({
      n: 0,
    });
  });

  it('tells users apart by email whatever its case', async () => {
    const res = await batch(t, token, 'users', [
      { email_nm: 'Twice@Example.com', first_nm: 'A', last_nm: 'B' },
      { email_nm: 'once@example.com', first_nm: 'A', last_nm: 'B' },
      { email_nm: 'twice@example.com', first_nm: 'C', last_nm: 'D' },
    ]);
    expect(statuses(res.results)).toEqual(['invalid', 'created', 'invalid']);
    expect(res.results[0]?.errors).toEqual({ email_nm: ['Also item 3 of this batch.'] });
  });
});
