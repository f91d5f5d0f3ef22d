import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identity, messages, validationMessages as m } from '@portal/contract';

import { userMessages } from '../../src/modules/users/users.service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { HOUR, identityEnv, latestMail, linkSegments, mailCount, newUser, solveCaptcha } from '../identity/helpers.ts';
import { accountId, membershipsOf, people, roles, signInAll, userId, type Role } from './fixtures.ts';

// One database for the file: every test uses its own addresses, so they do not see each other's invitations.
let t: TestApp;
let tokens: Record<Role, string>;
let acc: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp(identityEnv);
  tokens = await signInAll(t);
  const numbers = ['1000101', '1000201', '1000202', '1000203'];
  acc = Object.fromEntries(await Promise.all(numbers.map(async (n) => [n, await accountId(t, n)])));
});
afterAll(() => t.close());

const access = (entries: Record<string, number>) =>
  Object.entries(entries).map(([number, level]) => ({ account_id: acc[number], access_level: level }));

const addNew = (email_nm: string, accounts: Record<string, number>, token = tokens.admin) =>
  t.call('POST', '/api/users/add-new-user', {
    token,
    body: { email_nm, first_nm: 'Nia', last_nm: 'Cole', accounts: access(accounts) },
  });
const addExisting = (email_nm: string, accounts: Record<string, number>, token = tokens.admin) =>
  t.call('POST', '/api/users/add-existing-user', { token, body: { email_nm, accounts: access(accounts) } });
const check = (hash: string) => t.call('GET', `/api/users/check-invitation?hash=${encodeURIComponent(hash)}`);
const accept = (hash: string) => t.call('POST', '/api/users/accept-invitation', { body: { hash } });
const pending = async (token = tokens.admin) => {
  const res = await t.call('GET', '/api/users/get-invitations?perPage=100', { token });
  expect(res.body.code).toBe('SUCCESS');
  return res.body.data as {
    data: {
      invitation_id: number;
      email_nm: string;
      accounts_users: { account_id: number; is_account_admin: boolean }[];
    }[];
    total: number;
  };
};
const pendingFor = async (email: string, token = tokens.admin) =>
  (await pending(token)).data.filter((row) => row.email_nm === email);
const createFromHash = async (email: string, account_id: number, hash: string) =>
  t.call('POST', '/api/users/create-user-from-hash', {
    body: { ...newUser(email), account_id, hash, g_recaptcha_response: await solveCaptcha(t) },
  });
/** The create-account link of the newest invitation to an address: [accountId, hash, email, first?, last?]. */
const createLink = async (email: string) =>
  linkSegments((await latestMail(t, email, 'invitation')).links[0] as string, 's/create-account');
const acceptHash = async (email: string) =>
  linkSegments(
    (await latestMail(t, email, 'access-invitation')).links[0] as string,
    's/accept-invitation',
  )[0] as string;

describe('users/add-new-user: an invitation with which the person sets their own password', () => {
  it('grants nothing until the person sets a password with the link; then they sign in with the chosen access', async () => {
    const email = 'nia.cole@globex-health.example';
    const res = await addNew('Nia.Cole@Globex-Health.Example', { '1000201': 1, '1000202': 2 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null, code: 'SUCCESS', message: userMessages.invitationSent });
    expect(await t.db.one('SELECT 1 FROM users WHERE lower(email_nm) = $1', [email])).toBeUndefined();
    expect(await pendingFor(email)).toMatchObject([
      {
        email_nm: email,
        accounts_users: [
          { account_id: acc['1000201'], is_account_admin: false },
          { account_id: acc['1000202'], is_account_admin: true },
        ],
      },
    ]);

    const [linkAccount, hash, linkEmail, first, last] = await createLink(email);
    expect([Number(linkAccount), linkEmail, first, last]).toEqual([acc['1000201'], email, 'Nia', 'Cole']);
    const details = await check(hash as string);
    expect(details.body).toEqual({
      code: 'SUCCESS',
      message: '',
      data: {
        email_nm: email,
        first_nm: 'Nia',
        last_nm: 'Cole',
        has_portal_user: false,
        accounts: [
          { account_number: '1000201', name: expect.any(String), is_account_admin: false },
          { account_number: '1000202', name: expect.any(String), is_account_admin: true },
        ],
      },
    });

    // The link proves the address: the user gets the invitation's address (whatever the form sent), verified.
    const created = await createFromHash('someone.else@example.com', Number(linkAccount), hash as string);
    expect(created.body).toMatchObject({
      code: 'USER_CREATED',
      data: { email_verified: true, verification_sent: false },
    });
    expect(await membershipsOf(t, email)).toEqual({ '1000201': 'user', '1000202': 'admin' });
    expect(await t.db.one("SELECT 1 FROM users WHERE email_nm = 'someone.else@example.com'")).toBeUndefined();
    expect(await mailCount(t, email, 'verification')).toBe(0);
    const signIn = await t.call('POST', '/api/auth/get-token', { body: { email, password: newUser(email).passwd } });
    expect(signIn.body.code).toBe('SUCCESS');

    // Spent: the link says so before any form, and the list no longer shows it.
    expect((await check(hash as string)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { hash: [identity.texts.invitationInvalid] },
    });
    expect(await pendingFor(email)).toEqual([]);
    const events = await t.db.query<{ type: string }>(
      "SELECT type FROM integration_events WHERE data->>'email_nm' = $1 ORDER BY event_id",
      [email],
    );
    expect(events.map((e) => e.type)).toEqual([
      'user.invited',
      'user.invited',
      'user.access_changed',
      'user.access_changed',
    ]);
  });

  it('answers an address that has a portal user exactly as a new one; that person accepts, and only then has access', async () => {
    const fresh = await addNew('fresh.face@globex-health.example', { '1000201': 1 });
    const taken = await addNew(people.june, { '1000201': 1 });
    expect({ status: taken.status, body: taken.body }).toEqual({ status: fresh.status, body: fresh.body });
    // Both wait in the list the same way: the administrator cannot tell them apart.
    const rows = [...(await pendingFor('fresh.face@globex-health.example')), ...(await pendingFor(people.june))];
    expect(rows.map((row) => Object.keys(row).sort())).toEqual([
      Object.keys(rows[0] ?? {}).sort(),
      Object.keys(rows[0] ?? {}).sort(),
    ]);
    expect(rows.map((row) => row.accounts_users)).toEqual([
      [{ account_id: acc['1000201'], is_account_admin: false }],
      [{ account_id: acc['1000201'], is_account_admin: false }],
    ]);
    expect(await membershipsOf(t, people.june)).toEqual({ '1000202': 'user', '1000203': 'user' });

    const hash = await acceptHash(people.june);
    expect((await check(hash)).body.data).toMatchObject({ email_nm: people.june, has_portal_user: true });
    const accepted = await accept(hash);
    expect(accepted.body).toMatchObject({ code: 'SUCCESS', message: identity.texts.invitationAccepted });
    expect(await membershipsOf(t, people.june)).toEqual({ '1000201': 'user', '1000202': 'user', '1000203': 'user' });
    expect((await accept(hash)).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { hash: [identity.texts.invitationInvalid] },
    });
  });

  it('validates names, email and access; the password is no longer the administrator’s to choose', async () => {
    const res = await t.call('POST', '/api/users/add-new-user', {
      token: tokens.admin,
      body: { email_nm: 'x', first_nm: '', accounts: access({ '1000201': 0 }) },
    });
    expect(res.status).toBe(422);
    expect(res.body.data).toEqual({
      email_nm: ['This value should be a valid email.'],
      first_nm: [m.required],
      last_nm: [m.required],
      accounts: [messages.userNeedsAccount],
    });
  });
});

describe('users/add-existing-user: the same invitation, by email only', () => {
  it('invites a portal user to accept, and an address without one to create a user; the answers are identical', async () => {
    const known = await addExisting(people.dana, { '1000202': 2 });
    const unknown = await addExisting('Nobody.Yet@Globex-Health.Example', { '1000202': 2 });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    expect(known.body).toEqual({ data: null, code: 'SUCCESS', message: userMessages.invitationSent });
    expect(await membershipsOf(t, people.dana)).toEqual({ '1000201': 'user' });

    await accept(await acceptHash(people.dana));
    expect(await membershipsOf(t, people.dana)).toEqual({ '1000201': 'user', '1000202': 'admin' });

    const [linkAccount, hash, email, ...names] = await createLink('nobody.yet@globex-health.example');
    expect([Number(linkAccount), email, names]).toEqual([acc['1000202'], 'nobody.yet@globex-health.example', []]);
    expect((await createFromHash(email as string, Number(linkAccount), hash as string)).body.code).toBe('USER_CREATED');
    expect(await membershipsOf(t, 'nobody.yet@globex-health.example')).toEqual({ '1000202': 'admin' });
  });

  it('never lowers the access a person already has', async () => {
    const june = await userId(t, people.june);
    await t.call('POST', '/api/users/update-user', {
      token: tokens.admin,
      body: { userId: june, accounts: access({ '1000202': 2 }) },
    });
    await addExisting(people.june, { '1000202': 1 });
    await accept(await acceptHash(people.june));
    expect((await membershipsOf(t, people.june))['1000202']).toBe('admin');
  });

  it('refuses an account the administrator only uses (FORBIDDEN) or cannot see (NOT_FOUND), whoever the email is; nothing is stored or sent', async () => {
    const before = await t.db.one<{ n: number }>('SELECT count(*)::int AS n FROM account_invitations');
    for (const email of [people.miguel, 'nobody.else@globex-health.example']) {
      const plain = await addExisting(email, { '1000203': 1 });
      expect(plain.status, email).toBe(403);
      expect(plain.body).toEqual({ data: null, code: 'FORBIDDEN', message: userMessages.notAdministered });
      const foreign = await addNew(email, { '1000101': 1 });
      expect(foreign.status, email).toBe(404);
      expect(foreign.body).toEqual({ data: null, code: 'NOT_FOUND', message: messages.notFound });
      const missing = await t.call('POST', '/api/users/add-existing-user', {
        token: tokens.admin,
        body: { email_nm: email, accounts: [{ account_id: 99_999_999, access_level: 1 }] },
      });
      expect(missing.body).toEqual({ data: null, code: 'NOT_FOUND', message: messages.notFound });
    }
    expect(await t.db.one('SELECT count(*)::int AS n FROM account_invitations')).toEqual(before);
    expect(await mailCount(t, 'nobody.else@globex-health.example')).toBe(0);
  });

  it('answers FORBIDDEN to users who administer nothing and INVALID_TOKEN without a token', async () => {
    for (const role of ['customer', 'staff1', 'staff2', 'staff3'] as const) {
      const res = await addExisting(people.dana, { '1000101': 1 }, tokens[role]);
      expect(res.status, role).toBe(403);
      expect(res.body.message).toBe(messages.noPermissionAddUsers);
    }
    const anonymous = await t.call('POST', '/api/users/add-existing-user', { body: {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('INVALID_TOKEN');
  });
});

describe('users/get-invitations and users/cancel-invitation/{invitationId}', () => {
  it("lists only invitations to the caller's administered accounts; another company's id is NOT_FOUND", async () => {
    await addNew('globex.only@globex-health.example', { '1000201': 1 });
    const rita = await t.signIn(people.rita);
    expect(await pendingFor('globex.only@globex-health.example', rita)).toEqual([]);
    const [row] = await pendingFor('globex.only@globex-health.example');
    const foreign = await t.call('POST', `/api/users/cancel-invitation/${row?.invitation_id}`, { token: rita });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ data: null, code: 'NOT_FOUND', message: messages.notFound });
    expect(await pendingFor('globex.only@globex-health.example')).toHaveLength(1);
  });

  it('cancels: the link stops working before its form, and a second cancel is NOT_FOUND', async () => {
    await addNew('changed.mind@globex-health.example', { '1000201': 1, '1000202': 1 });
    const [row] = await pendingFor('changed.mind@globex-health.example');
    const [linkAccount, hash] = await createLink('changed.mind@globex-health.example');
    const res = await t.call('POST', `/api/users/cancel-invitation/${row?.invitation_id}`, { token: tokens.admin });
    expect(res.body).toEqual({ code: 'SUCCESS', message: '', data: { account_ids: [acc['1000201'], acc['1000202']] } });
    expect((await check(hash as string)).body.data).toEqual({ hash: [identity.texts.invitationInvalid] });
    const late = await createFromHash('changed.mind@globex-health.example', Number(linkAccount), hash as string);
    expect(late.body.data).toEqual({ hash: [identity.texts.invitationInvalid] });
    const again = await t.call('POST', `/api/users/cancel-invitation/${row?.invitation_id}`, { token: tokens.admin });
    expect(again.status).toBe(404);
  });

  it('validates, refuses non-administrators and needs a token', async () => {
    const badPage = await t.call('GET', '/api/users/get-invitations?perPage=0', { token: tokens.admin });
    expect(badPage.body.code).toBe('VALIDATION_ERROR');
    const badId = await t.call('POST', '/api/users/cancel-invitation/x', { token: tokens.admin });
    expect(badId.status).toBe(422);
    expect(badId.body.data).toEqual({ invitationId: [m.integer] });
    const customer = await t.call('GET', '/api/users/get-invitations', { token: tokens.customer });
    expect(customer.status).toBe(403);
    expect((await t.call('GET', '/api/users/get-invitations')).status).toBe(401);
    expect((await t.call('POST', '/api/users/cancel-invitation/1')).status).toBe(401);
  });
});

describe('users/check-invitation and users/accept-invitation (public, by the link)', () => {
  it('say a forged, malformed or expired link is not valid', async () => {
    expect((await check('A'.repeat(43))).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { hash: [identity.texts.invitationInvalid] },
    });
    expect((await check('a b')).body.data).toEqual({ hash: [m.alphanum] });
    expect((await accept('A'.repeat(43))).body.data).toEqual({ hash: [identity.texts.invitationInvalid] });

    await addExisting(people.miguel, { '1000202': 1 });
    const hash = await acceptHash(people.miguel);
    t.clock.advance(7 * 24 * HOUR + 1000);
    expect((await check(hash)).body.data).toEqual({ hash: [identity.texts.invitationInvalid] });
    expect((await accept(hash)).body.data).toEqual({ hash: [identity.texts.invitationInvalid] });
  });

  it('accepting an invitation meant for a new user asks for the form and leaves the link usable', async () => {
    await addNew('still.new@globex-health.example', { '1000201': 1 });
    const [linkAccount, hash] = await createLink('still.new@globex-health.example');
    expect((await accept(hash as string)).body.data).toEqual({ hash: [identity.texts.invitationNeedsUser] });
    expect((await check(hash as string)).body.code).toBe('SUCCESS');
    const wrongAccount = await createFromHash(
      'still.new@globex-health.example',
      acc['1000202'] as number,
      hash as string,
    );
    expect(wrongAccount.body.data).toEqual({ hash: [identity.texts.invitationInvalid] });
    expect(
      (await createFromHash('still.new@globex-health.example', Number(linkAccount), hash as string)).body.code,
    ).toBe('USER_CREATED');
  });

  it('a second invitation to an address that meanwhile got a user is accepted instead (nothing half done)', async () => {
    await addNew('twice.asked@globex-health.example', { '1000201': 1 });
    const first = await createLink('twice.asked@globex-health.example');
    await addNew('twice.asked@globex-health.example', { '1000202': 1 });
    const second = await createLink('twice.asked@globex-health.example');
    expect(
      (await createFromHash('twice.asked@globex-health.example', Number(second[0]), second[1] as string)).body.code,
    ).toBe('USER_CREATED');
    const taken = await createFromHash('twice.asked@globex-health.example', Number(first[0]), first[1] as string);
    expect(taken.body.data).toEqual({ email_nm: [identity.texts.emailTaken] });
    expect((await check(first[1] as string)).body.data).toMatchObject({ has_portal_user: true });
    expect((await accept(first[1] as string)).body.code).toBe('SUCCESS');
    expect(await membershipsOf(t, 'twice.asked@globex-health.example')).toEqual({
      '1000201': 'user',
      '1000202': 'user',
    });
  });
});

describe('users area invitations when the mail server is down', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => down.close());

  it('keeps the invitation, says it could not be sent, and answers alike for any address', async () => {
    const token = await down.signIn(roles.admin);
    const account = await accountId(down, '1000201');
    const send = (email_nm: string) =>
      down.call('POST', '/api/users/add-existing-user', {
        token,
        body: { email_nm, accounts: [{ account_id: account, access_level: 1 }] },
      });
    const known = await send(people.june);
    const unknown = await send('nobody@globex-health.example');
    expect(known.body).toEqual({ data: null, code: 'SUCCESS', message: userMessages.invitationNotSent });
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
    const stored = await down.db.query<{ email_nm: string }>(
      'SELECT email_nm FROM account_invitations WHERE cancelled_at IS NULL AND used_at IS NULL ORDER BY invitation_id',
    );
    expect(stored.map((r) => r.email_nm)).toEqual(
      expect.arrayContaining([people.june, 'nobody@globex-health.example']),
    );
  });
});
