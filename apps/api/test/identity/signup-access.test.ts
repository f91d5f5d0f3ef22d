import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { signupAccess, type SignupAccessGrant } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { identityEnv, invoiceOf, latestMail, mailCount, newUser, solveCaptcha } from './helpers.ts';
import { demoProvider } from '../../src/seed/provider.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(identityEnv);
});
afterAll(() => t.close());

let ip = 0;
const from = () => ({ 'x-forwarded-for': `10.77.0.${(ip += 1)}` });

async function signUpWithInvoice(email: string, accountNumber: string) {
  const res = await t.call('POST', '/api/users/create-user-from-invoice', {
    headers: from(),
    body: {
      ...newUser(email),
      account_number: accountNumber,
      invoice_number: await invoiceOf(t, accountNumber),
      g_recaptcha_response: await solveCaptcha(t),
    },
  });
  expect(res.body.code).toBe('USER_CREATED');
}

const admins = async (accountNumber: string) =>
  (
    await t.db.query<{ email_nm: string }>(
      `SELECT u.email_nm FROM accounts_users au JOIN users u ON u.user_id = au.user_id
         JOIN accounts a ON a.account_id = au.account_id
        WHERE a.account_number = $1 AND au.is_account_admin ORDER BY u.email_nm`,
      [accountNumber],
    )
  ).map((r) => r.email_nm);

const hasAccess = async (email: string, accountNumber: string) =>
  Boolean(
    await t.db.one(
      `SELECT 1 FROM accounts_users au JOIN users u ON u.user_id = au.user_id JOIN accounts a ON a.account_id = au.account_id
        WHERE lower(u.email_nm) = lower($1) AND a.account_number = $2`,
      [email, accountNumber],
    ),
  );

const keyOf = (link: string) => link.split('/login/revoke-access/')[1] as string;

describe('a sign-up with an invoice number', () => {
  it('tells every administrator of the account, whose link removes the access in one click', async () => {
    const email = 'stranger@elsewhere.example';
    const expected = await admins('1000201');
    expect(expected).toContain('admin@demo.test');
    await signUpWithInvoice(email, '1000201');
    expect(await hasAccess(email, '1000201')).toBe(true);

    let link = '';
    for (const admin of expected) {
      const mail = await latestMail(t, admin, 'signup-access');
      expect(mail.subject).toBe('New portal user on account 1000201');
      expect(mail.text_body).toContain(email);
      link = mail.links[0] as string;
      expect(link).toMatch(/\/portal\/login\/revoke-access\/[\w-]{43}$/);
    }
    const key = keyOf(link);

    const shown = await t.call('GET', `/api/users/signup-access/${key}`, { headers: from() });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      account_number: '1000201',
      email_nm: email,
      notified: expected.length,
      revoked_at: null,
    });

    const revoked = await t.call('POST', '/api/users/revoke-signup-access', { headers: from(), body: { key } });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe(signupAccess.texts.revoked);
    expect((revoked.body.data as SignupAccessGrant).revoked_at).toEqual(expect.any(Number));
    expect(await hasAccess(email, '1000201')).toBe(false);

    const again = await t.call('POST', '/api/users/revoke-signup-access', { headers: from(), body: { key } });
    expect(again.body).toMatchObject({ code: 'SUCCESS', message: signupAccess.texts.alreadyRevoked });

    // Staff see it, with who was told and that it was revoked.
    const staff = await t.signIn('staff1@demo.test');
    const list = await t.call('POST', '/api/admin/get-signup-access-grants', {
      token: staff,
      body: { search: 'stranger@' },
    });
    expect(list.status).toBe(200);
    const page = list.body.data as { data: SignupAccessGrant[]; total: number };
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ email_nm: email, account_number: '1000201', notified: expected.length });
    expect(page.data[0]?.revoked_by).toMatch(/administrator/);
  });

  it('tells the support inbox when the account has no administrator', async () => {
    await t.db.query(
      `UPDATE accounts_users SET is_account_admin = false
        WHERE account_id = (SELECT account_id FROM accounts WHERE account_number = '1000101')`,
    );
    expect(await admins('1000101')).toEqual([]);
    const before = await mailCount(t, demoProvider.support_email, 'signup-access');
    await signUpWithInvoice('someone.new@elsewhere.example', '1000101');
    expect(await mailCount(t, demoProvider.support_email, 'signup-access')).toBe(before + 1);
  });

  it('answers NOT_FOUND for an unknown key and VALIDATION_ERROR for a malformed one', async () => {
    const unknown = await t.call('POST', '/api/users/revoke-signup-access', {
      headers: from(),
      body: { key: 'A'.repeat(43) },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ data: null, code: 'NOT_FOUND', message: signupAccess.texts.linkInvalid });
    const malformed = await t.call('GET', '/api/users/signup-access/not%20a%20key', { headers: from() });
    expect(malformed.status).toBe(422);
    expect(malformed.body.data).toHaveProperty('key');
  });

  it('lists grants for staff only', async () => {
    const none = await t.call('POST', '/api/admin/get-signup-access-grants', { body: {} });
    expect(none.body.code).toBe('INVALID_TOKEN');
    const customer = await t.signIn('customer@demo.test');
    const refused = await t.call('POST', '/api/admin/get-signup-access-grants', { token: customer, body: {} });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', data: null });
  });
});
