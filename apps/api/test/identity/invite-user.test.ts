import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { messages, validationMessages as m } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { identityEnv, latestMail, linkSegments, newUser, solveCaptcha } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(identityEnv);
});
afterAll(() => t.close());

const accountId = async (accountNumber: string) =>
  (await t.db.one<{ account_id: number }>('SELECT account_id FROM accounts WHERE account_number = $1', [accountNumber]))
    ?.account_id;
const invite = (token: string | undefined, body: Record<string, unknown>) =>
  t.call('POST', '/api/users/invite-user', { token, body });

describe('users/invite-user', () => {
  it('lets an account administrator invite someone, who then creates their user from the link', async () => {
    const token = await t.signIn('admin@demo.test');
    const account_id = await accountId('1000201');
    const res = await invite(token, {
      account_id,
      email_nm: 'New.Colleague@globex-health.example',
      first_nm: 'Nia',
      last_nm: 'Cole',
    });
    expect(res.body.code).toBe('SUCCESS');
    expect(res.body.data).toMatchObject({ email_nm: 'new.colleague@globex-health.example' });
    expect(JSON.stringify(res.body)).not.toContain('create-account');

    const mail = await latestMail(t, 'new.colleague@globex-health.example', 'invitation');
    const [linkAccount, hash, email, first, last] = linkSegments(mail.links[0] as string, 's/create-account');
    expect([Number(linkAccount), email, first, last]).toEqual([
      account_id,
      'new.colleague@globex-health.example',
      'Nia',
      'Cole',
    ]);

    const created = await t.call('POST', '/api/users/create-user-from-hash', {
      body: {
        ...newUser('new.colleague@globex-health.example'),
        account_id,
        hash,
        g_recaptcha_response: await solveCaptcha(t),
      },
    });
    expect(created.body.code).toBe('USER_CREATED');
  });

  it('answers FORBIDDEN to a plain user of the account and NOT_FOUND for an account that is not theirs', async () => {
    const token = await t.signIn('admin@demo.test');
    const plain = await invite(token, { account_id: await accountId('1000203'), email_nm: 'x@example.com' });
    expect(plain.status).toBe(403);
    expect(plain.body).toMatchObject({ code: 'FORBIDDEN', message: messages.noPermissionAddUsers });
    const foreign = await invite(token, { account_id: await accountId('1000101'), email_nm: 'x@example.com' });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'NOT_FOUND', data: null });
  });

  it('answers an address that already has a portal user as a new one; that person is told, with no link', async () => {
    const token = await t.signIn('admin@demo.test');
    const account_id = await accountId('1000201');
    const fresh = await invite(token, { account_id, email_nm: 'Fresh.Person@globex-health.example' });
    const taken = await invite(token, { account_id, email_nm: 'Customer@Demo.Test', first_nm: 'Casey' });
    expect(fresh.body).toEqual({
      data: { email_nm: 'fresh.person@globex-health.example' },
      code: 'SUCCESS',
      message: '',
    });
    expect({ status: taken.status, body: taken.body }).toEqual({
      status: fresh.status,
      body: { ...fresh.body, data: { email_nm: 'customer@demo.test' } },
    });
    const notice = await latestMail(t, 'customer@demo.test', 'portal-user-exists');
    expect(notice.links.some((link) => link.includes('create-account'))).toBe(false);
    const invitations = await t.db.query(
      "SELECT 1 FROM account_invitations WHERE lower(email_nm) = 'customer@demo.test'",
    );
    expect(invitations).toEqual([]);
  });

  it('refuses bad input', async () => {
    const token = await t.signIn('admin@demo.test');
    const account_id = await accountId('1000201');
    expect((await invite(token, {})).body.data).toEqual({ account_id: [m.integer], email_nm: [m.required] });
    expect((await invite(token, { account_id, email_nm: 'a@b.example', is_account_admin: 'yes' })).body.data).toEqual({
      is_account_admin: [m.type],
    });
  });

  it('needs a token', async () => {
    expect((await invite(undefined, { account_id: 1, email_nm: 'a@b.example' })).body.code).toBe('INVALID_TOKEN');
  });
});
