import type { InvitationRun } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createMailer } from '../../src/lib/mail.ts';
import { createInvitationWorker } from '../../src/modules/integration/invitations.service.ts';
import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, testEnv, type TestApp } from '../helpers/test-app.ts';
import { mailDeps } from '../identity/helpers.ts';
import { batch, newToken } from './kit.ts';

/**
 * Invite loaded users (issue 34, decisions 124 and 131): the staff call queues every loaded user who never
 * signed in and answers at once; the worker mails them, each once, however many workers run.
 */

let t: TestApp;
let feed: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.signIn(demoEmails.staff3);
  feed = (await newToken(t, staff)).token;
});
afterAll(() => t.close());

const invite = () => t.call('POST', '/api/integration/invite-loaded-users', { token: staff, body: {} });
const latest = async () =>
  (await t.call('GET', '/api/integration/invite-loaded-users/latest', { token: staff })).body.data as InvitationRun;
const setPasswordMails = (domain: string) =>
  t.db.query<{ to_address: string; n: number }>(
    `SELECT to_address, count(*)::int AS n FROM mail_outbox WHERE kind = 'set-password' AND to_address LIKE $1
      GROUP BY to_address ORDER BY to_address`,
    [`%@${domain}`],
  );

/** Loads `n` users of a new account through the users feed (no invitation asked). */
async function load(accountNumber: string, domain: string, n: number) {
  expect(
    (await batch(t, feed, 'accounts', [{ account_number: accountNumber, name: 'L', company: 'L' }])).results,
  ).toHaveLength(1);
  const users = Array.from({ length: n }, (_, i) => ({
    email_nm: `u${i}@${domain}`,
    first_nm: 'Lo',
    last_nm: `Aded ${i}`,
    accounts: [{ account_number: accountNumber }],
  }));
  const res = await batch(t, feed, 'users', users);
  expect(res.results.every((r) => r.status === 'created')).toBe(true);
}

/** Runs the queued mails through a worker, as the in-process worker or `npm run worker` does. */
async function work() {
  const worker = createInvitationWorker(mailDeps(t), { tickMs: 0 });
  await worker.drain();
  await worker.stop();
}

describe('integration/invite-loaded-users', () => {
  it('answers at once how many will be invited; the worker mails each once; pressed again it queues no one', async () => {
    await load('9341001', 'first.example', 5);
    const waiting = await t.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM users u WHERE u.password_hash IS NULL AND u.uss_admin_level = 0
          AND EXISTS (SELECT 1 FROM accounts_users au WHERE au.user_id = u.user_id)
          AND NOT EXISTS (SELECT 1 FROM email_verifications v WHERE v.user_id = u.user_id AND v.used_at IS NULL)`,
    );
    const n = waiting?.n as number;
    expect(n).toBeGreaterThanOrEqual(5);

    const res = await invite();
    expect(res.body.code).toBe('SUCCESS');
    const answer = res.body.data as { invited: number; run: InvitationRun };
    expect(answer).toEqual({
      invited: n,
      run: {
        id: answer.run.id,
        requested_at: Math.round(t.clock.now() / 1000),
        total: n,
        sent: 0,
        failed: 0,
        pending: n,
        finished_at: null,
      },
    });
    // Nothing is mailed inside the call.
    expect(await setPasswordMails('first.example')).toEqual([]);
    // Pressed again while the first run is queued: those users are not queued twice.
    expect((await invite()).body.data).toEqual({ invited: 0, run: null });
    expect(await latest()).toMatchObject({ id: answer.run.id, pending: n });

    await work();
    expect(await setPasswordMails('first.example')).toEqual(
      Array.from({ length: 5 }, (_, i) => ({ to_address: `u${i}@first.example`, n: 1 })),
    );
    expect(await latest()).toEqual({
      ...answer.run,
      sent: n,
      pending: 0,
      finished_at: Math.round(t.clock.now() / 1000),
    });
    // Every invitation sent still works: no one is queued.
    expect((await invite()).body.data).toEqual({ invited: 0, run: null });
    await work();
    expect(await setPasswordMails('first.example')).toHaveLength(5);
    expect((await setPasswordMails('first.example')).every((m) => m.n === 1)).toBe(true);
  });

  it('several workers at once mail every queued user exactly once', async () => {
    await load('9341002', 'many.example', 40);
    expect((await invite()).body.data).toMatchObject({ invited: 40 });
    const workers = [0, 1, 2].map((i) =>
      createInvitationWorker(mailDeps(t), { tickMs: 0, batch: 3, concurrency: 2, owner: `test-${i}` }),
    );
    const handled = await Promise.all(workers.map((w) => w.drain()));
    await Promise.all(workers.map((w) => w.stop()));
    expect(handled.reduce((a, b) => a + b, 0)).toBe(40);
    const mails = await setPasswordMails('many.example');
    expect(mails).toHaveLength(40);
    expect(mails.filter((m) => m.n !== 1)).toEqual([]);
    expect(await latest()).toMatchObject({ total: 40, sent: 40, failed: 0, pending: 0 });
  });

  it('a mail the server cannot send is counted as failed, and the run still ends', async () => {
    await load('9341003', 'down.example', 2);
    expect((await invite()).body.data).toMatchObject({ invited: 2 });
    const deps = mailDeps(t);
    // An SMTP server that refuses the connection.
    const down = testEnv({ SMTP_URL: 'smtp://127.0.0.1:9' });
    const worker = createInvitationWorker({ ...deps, mailer: createMailer(down, t.db, deps.provider) }, { tickMs: 0 });
    await worker.drain();
    await worker.stop();
    expect(await latest()).toMatchObject({ total: 2, sent: 0, failed: 2, pending: 0 });
    expect(
      await t.db.query(`SELECT status FROM mail_outbox WHERE to_address LIKE '%@down.example' ORDER BY mail_id`),
    ).toEqual([{ status: 'failed' }, { status: 'failed' }]);
  });

  it('is staff level 3 only, and needs a token', async () => {
    const customer = await t.signIn(demoEmails.customer);
    const staff1 = await t.signIn(demoEmails.staff1);
    for (const [method, url] of [
      ['POST', '/api/integration/invite-loaded-users'],
      ['GET', '/api/integration/invite-loaded-users/latest'],
    ] as const) {
      const body = method === 'POST' ? {} : undefined;
      expect((await t.call(method, url, { token: customer, body })).body).toEqual({
        data: null,
        code: 'FORBIDDEN',
        message: expect.any(String),
      });
      expect((await t.call(method, url, { token: staff1, body })).body.code).toBe('FORBIDDEN');
      expect((await t.call(method, url, { body })).body.code).toBe('INVALID_TOKEN');
    }
  });
});
