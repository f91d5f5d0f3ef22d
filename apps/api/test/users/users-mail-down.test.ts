import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { userMessages } from '../../src/modules/users/users.service.ts';
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
  const newUser = async (email_nm: string) =>
    t.call('POST', '/api/users/add-new-user', {
      token,
      body: {
        email_nm,
        first_nm: 'Mail',
        last_nm: 'Down',
        passwd: 'Clinic-Rounds-2031',
        confirm: 'Clinic-Rounds-2031',
        accounts: [{ account_id: await accountId(t, '1000201'), access_level: 1 }],
      },
    });

  it('add-new-user still creates the user and says the message could not be sent, as it says for a taken email', async () => {
    const res = await newUser('mail.down@globex-health.example');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null, code: 'SUCCESS', message: userMessages.newUserNotSent });
    expect(await membershipsOf(t, 'mail.down@globex-health.example')).toEqual({ '1000201': 'user' });
    const taken = await newUser(people.dana);
    expect({ status: taken.status, body: taken.body }).toEqual({ status: res.status, body: res.body });
  });

  it('add-existing-user gives access and says the message could not be sent, as it says for an unknown address', async () => {
    const add = async (email_nm: string) =>
      t.call('POST', '/api/users/add-existing-user', {
        token,
        body: { email_nm, accounts: [{ account_id: await accountId(t, '1000201'), access_level: 1 }] },
      });
    const res = await add(people.june);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null, code: 'SUCCESS', message: userMessages.existingUserNotSent });
    expect(await membershipsOf(t, people.june)).toMatchObject({ '1000201': 'user' });
    const unknown = await add('nobody@globex-health.example');
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: res.status, body: res.body });
  });

  it('send password reset answers MAIL_FAILED (nothing else changed)', async () => {
    const res = await t.call('POST', `/api/auth/forgot-password/${encodeURIComponent(people.dana)}`, { token });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('MAIL_FAILED');
  });
});
