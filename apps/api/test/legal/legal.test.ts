import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { legal, validationMessages as m } from '@portal/contract';

import { UNACCEPTED_AGREEMENT_TITLE } from '../../src/seed/demo.ts';
import { createTokens } from '../../src/lib/tokens.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Agreement {
  legal_agreement_id: number;
  title: string;
  body: string;
}

const unaccepted = (token?: string) => t.call('POST', '/api/legal/get-unnaccepted-agreements', { token });

describe('legal gate and acceptance (legal@demo.test)', () => {
  it('lists the pending agreement, blocks other calls until it is accepted, then lets them through', async () => {
    const token = await t.signIn('legal@demo.test');
    const blocked = await t.call('GET', '/api/accounts/get-accounts?x=1', { token });
    const gated = await t.call('POST', '/api/invoices/get-balance-history', { token });
    expect(gated.status).toBe(403);
    expect(gated.body.code).toBe('UNACCEPTED_LEGAL_AGREEMENT');
    expect(blocked.body.code).toBe('SUCCESS'); // login data stays reachable

    const pending = await unaccepted(token);
    expect(pending.body.code).toBe('SUCCESS');
    const list = pending.body.data as Agreement[];
    expect(list.map((a) => a.title)).toEqual([UNACCEPTED_AGREEMENT_TITLE]);

    const id = list[0]?.legal_agreement_id as number;
    const view = await t.call('POST', '/api/legal/get-agreement', { token, body: { legalAgreementId: id } });
    expect(view.body.data).toMatchObject({
      legal_agreement_id: id,
      title: UNACCEPTED_AGREEMENT_TITLE,
      accepted: false,
    });

    const accept = await t.call('POST', '/api/legal/accept-agreement', { token, body: { legalAgreementId: id } });
    expect(accept.body).toEqual({ data: { legal_agreement_id: id, remaining: 0 }, code: 'SUCCESS', message: '' });
    expect((await unaccepted(token)).body.data).toEqual([]);
    expect((await t.call('POST', '/api/invoices/get-balance-history', { token })).body.code).toBe('SUCCESS');
    const again = await t.call('POST', '/api/legal/get-agreement', { token, body: { legalAgreementId: id } });
    expect(again.body.data).toMatchObject({ accepted: true });
  });

  it('shows several pending agreements oldest first, counting down as they are accepted', async () => {
    const inserted = await t.db.query<{ legal_agreement_id: number }>(
      `INSERT INTO legal_agreements (title, body, active, created_at)
       VALUES ('Acceptable Use Policy', '<p>Use it well.</p>', true, now() + interval '1 minute'),
              ('Retired Terms', '<p>Old.</p>', false, now())
       RETURNING legal_agreement_id`,
    );
    const token = await t.signIn('customer@demo.test');
    const gated = await t.call('POST', '/api/invoices/get-balance-history', { token });
    expect(gated.body.code).toBe('UNACCEPTED_LEGAL_AGREEMENT');
    const list = (await unaccepted(token)).body.data as Agreement[];
    expect(list.map((a) => a.title)).toEqual(['Acceptable Use Policy']);

    // An inactive agreement is neither listed nor readable, nor acceptable.
    const retired = inserted[1]?.legal_agreement_id;
    expect(
      (await t.call('POST', '/api/legal/get-agreement', { token, body: { legalAgreementId: retired } })).body.code,
    ).toBe('NOT_FOUND');
    const acceptRetired = await t.call('POST', '/api/legal/accept-agreement', {
      token,
      body: { legalAgreementId: retired },
    });
    expect(acceptRetired.body).toEqual({ data: null, code: 'NOT_FOUND', message: legal.legalTexts.notFound });

    const done = await t.call('POST', '/api/legal/accept-agreement', {
      token,
      body: { legalAgreementId: list[0]?.legal_agreement_id },
    });
    expect((done.body.data as { remaining: number }).remaining).toBe(0);
    await t.db.query('UPDATE legal_agreements SET active = false WHERE legal_agreement_id = $1', [
      inserted[0]?.legal_agreement_id,
    ]);
  });

  it('stays reachable for a user who must turn on two-factor first', async () => {
    const token = await t.signIn('twofa-required@demo.test');
    expect((await t.call('POST', '/api/invoices/get-balance-history', { token })).body.code).toBe(
      'USS_TWO_FACTOR_AUTH_REQUIRED',
    );
    expect((await unaccepted(token)).body.code).toBe('SUCCESS');
  });

  it('refuses acceptance by staff signed in as the user', async () => {
    const user = await t.db.one<{ user_id: number; token_version: number }>(
      "SELECT user_id, token_version FROM users WHERE email_nm = 'legal@demo.test'",
    );
    await t.db.query('DELETE FROM legal_acceptances WHERE user_id = $1', [user?.user_id]);
    const staff = await t.db.one<{ user_id: number }>("SELECT user_id FROM users WHERE email_nm = 'staff3@demo.test'");
    const tokens = createTokens('test-secret-that-is-long-enough-0123456789', 3600);
    const { token } = await tokens.sign({
      user_id: user?.user_id as number,
      uss_admin_level: 0,
      tv: user?.token_version as number,
      act: staff?.user_id,
    });
    const list = (await unaccepted(token)).body.data as Agreement[];
    const res = await t.call('POST', '/api/legal/accept-agreement', {
      token,
      body: { legalAgreementId: list[0]?.legal_agreement_id },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ data: null, code: 'FORBIDDEN', message: legal.legalTexts.actorCannotAccept });
  });

  it('needs a token and a valid id', async () => {
    expect((await unaccepted()).body.code).toBe('INVALID_TOKEN');
    expect((await t.call('POST', '/api/legal/accept-agreement', { body: { legalAgreementId: 1 } })).body.code).toBe(
      'INVALID_TOKEN',
    );
    const token = await t.signIn('admin@demo.test');
    const bad = await t.call('POST', '/api/legal/get-agreement', { token, body: { legalAgreementId: 'abc' } });
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { legalAgreementId: [m.integer] } });
    const missing = await t.call('POST', '/api/legal/accept-agreement', { token, body: {} });
    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { legalAgreementId: [m.integer] } });
    expect(
      (await t.call('POST', '/api/legal/get-agreement', { token, body: { legalAgreementId: 999999 } })).body.code,
    ).toBe('NOT_FOUND');
  });
});

describe('legal/get-active-agreements', () => {
  it('is public and lists the active agreements with their bodies made safe', async () => {
    const [row] = await t.db.query<{ legal_agreement_id: number }>(
      `INSERT INTO legal_agreements (title, body, active)
       VALUES ('Cookie Terms', '<h2>Cookies</h2><p onclick="steal()">We <b>use</b> them.<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><a href="https://example.com/more">more</a><img src=x onerror=alert(1)>', true)
       RETURNING legal_agreement_id`,
    );
    const res = await t.call('POST', '/api/legal/get-active-agreements');
    expect(res.body.code).toBe('SUCCESS');
    const list = res.body.data as Agreement[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    const cookie = list.find((a) => a.legal_agreement_id === row?.legal_agreement_id);
    expect(cookie?.body).toBe(
      '<h2>Cookies</h2><p>We <b>use</b> them.</p><a target="_blank" rel="noopener noreferrer">x</a><a href="https://example.com/more" target="_blank" rel="noopener noreferrer">more</a>',
    );
    await t.db.query('UPDATE legal_agreements SET active = false WHERE legal_agreement_id = $1', [
      row?.legal_agreement_id,
    ]);
  });
});
