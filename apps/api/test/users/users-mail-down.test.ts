import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { accountId, membershipsOf, people, roles } from './fixtures.ts';

/** SMTP pointing at a closed port: every send fails, as when the mail server is down. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  token = await t.signIn(roles.admin);
});
afterAll(() => t.close());

describe('users area when the mail server is down', () => {
  it('add-new-user still creates the user and says the verification email could not be sent', async () => {
    const res = await t.call('POST', '/api/users/add-new-user', {
      token,
      body: {
        email_nm: 'mail.down@globex-health.example',
        first_nm: 'Mail',
        last_nm: 'Down',
        passwd: 'Clinic-Rounds-2031',
        confirm: 'Clinic-Rounds-2031',
        accounts: [{ account_id: await accountId(t, '1000201'), access_level: 1 }],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe('SUCCESS');
    expect(res.body.message).toBe(
      'The user was added, but the verification email could not be sent. They can ask for a new one with "Resend verification" on the sign-in page.',
    );
    expect(await membershipsOf(t, 'mail.down@globex-health.example')).toEqual({ '1000201': 'user' });
  });

  it('add-existing-user gives access and says the notice could not be sent', async () => {
    const res = await t.call('POST', '/api/users/add-existing-user', {
      token,
      body: { email_nm: people.june, accounts: [{ account_id: await accountId(t, '1000201'), access_level: 1 }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Access was given, but the email telling the user could not be sent.');
    expect(await membershipsOf(t, people.june)).toMatchObject({ '1000201': 'user' });
  });

  it('send password reset answers MAIL_FAILED (nothing else changed)', async () => {
    const res = await t.call('POST', `/api/auth/forgot-password/${encodeURIComponent(people.dana)}`, { token });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('MAIL_FAILED');
  });
});
