import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PASSWORD, demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, testEnv, type TestApp } from '../helpers/test-app.ts';
import { customerNetworkOrder, metricsToken, postPoints } from './kit.ts';
import { listen, openLive, pointsOf, type LiveStream } from './live-kit.ts';

/**
 * Issue 27: a live stream ends when its session ends, by sign-out everywhere, a password change, a
 * staff revocation or the removal of the user's access to the order's account. `t` re-checks its
 * streams at the default interval (30 s, longer than any test here), so what ends its streams is the
 * check before each event; `quick`, another API process on the same database, re-checks every second,
 * so what ends its streams is the periodic check, without any event.
 */

const rita = 'rita.alvarez@acme-logistics.example';

let t: TestApp;
let quick: TestApp;
let origin: string;
let quickOrigin: string;
let ingestToken: string;
let order: { base_order_id: number; order_number: string; account_id: number };
let otherAccountId: number;
let caseyId: number;
let password = DEMO_PASSWORD;
let passwordCount = 1;
const streams: LiveStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  quick = await t.peer({ LIVE_SESSION_CHECK_SECONDS: '1' });
  origin = await listen(t);
  quickOrigin = await listen(quick);
  ingestToken = await metricsToken(t);
  const network = await customerNetworkOrder(t);
  const row = await t.db.one<{ account_id: number; user_id: number; other: number }>(
    `SELECT o.account_id, u.user_id,
       (SELECT min(au.account_id) FROM accounts_users au WHERE au.user_id = u.user_id AND au.account_id <> o.account_id) AS other
       FROM orders o, users u WHERE o.base_order_id = $1 AND u.email_nm = $2`,
    [network.base_order_id, demoEmails.customer],
  );
  if (!row) throw new Error('no demo customer');
  order = { ...network, account_id: row.account_id };
  otherAccountId = row.other;
  caseyId = row.user_id;
});
afterAll(async () => {
  // The servers end their streams as they close; aborting a stream first made the client open a new
  // connection, which held the server's close until its keep-alive timeout.
  await t.close();
  for (const s of streams) s.close();
});

/** The demo customer signs in anew and watches the network order through `at`'s process. */
async function watch(at: string, email: string = demoEmails.customer) {
  const token = await t.signIn(email, email === demoEmails.customer ? password : DEMO_PASSWORD);
  const stream = await openLive(at, order.base_order_id, token);
  streams.push(stream);
  expect(stream.status).toBe(200);
  await stream.until(() => stream.comments.includes('connected'));
  return { token, stream };
}

const accessTo = (accountId: number, level: number) =>
  t.call('POST', '/api/users/update-user', {
    token: ritaToken,
    body: {
      userId: caseyId,
      accounts: [
        { account_id: accountId, access_level: level },
        { account_id: otherAccountId, access_level: 1 },
      ],
    },
  });
let ritaToken: string;

/** Each way a session ends, done to the demo customer's session `token`. */
const causes: Record<string, (token: string) => Promise<void>> = {
  'sign-out everywhere': async (token) => {
    const res = await t.call('POST', '/api/auth/sign-out-everywhere', { token, body: {} });
    expect(res.body).toEqual({ data: null, code: 'SUCCESS', message: '' });
  },
  'a password change': async (token) => {
    const next = `Portal-Changed-${++passwordCount}`;
    const res = await t.call('POST', '/api/users/update-password', {
      token,
      body: { current_password: password, passwd: next, confirm: next },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    password = next;
  },
  'a staff revocation': async () => {
    const staff = await t.signIn(demoEmails.staff3);
    const res = await t.call('POST', '/api/admin/sign-out-user', { token: staff, body: { userId: caseyId } });
    expect(res.body).toEqual({ data: null, code: 'SUCCESS', message: '' });
  },
  'the removal of access to the order’s account': async () => {
    ritaToken ??= await t.signIn(rita);
    const res = await accessTo(order.account_id, 0);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  },
};

/** Gives the demo customer back the access a test took away. */
async function restoreAccess() {
  ritaToken ??= await t.signIn(rita);
  expect((await accessTo(order.account_id, 1)).status).toBe(200);
}

let tick = 0;
/** Two readings of a counter of a new interface: the second is a new point, an event of the order. */
async function newPoint() {
  tick += 1;
  const now = Math.floor(t.clock.now() / 60000) * 60;
  const key = `95${tick}`;
  const points = [now - 60, now].map((ts, i) => ({
    order_number: order.order_number,
    metric: 'if_in_octets',
    labels: { object_key: key },
    ts,
    value: 1000 + i * 6000,
  }));
  const res = await postPoints(t, ingestToken, points);
  expect(res.body.data).toMatchObject({ accepted: 2, rejected: [] });
}

describe('a live stream whose session ends', () => {
  it('is checked at least every 30 s: the default, and no longer interval is taken', () => {
    expect(testEnv().LIVE_SESSION_CHECK_SECONDS).toBe(30);
    expect(() => testEnv({ LIVE_SESSION_CHECK_SECONDS: '31' })).toThrow(/LIVE_SESSION_CHECK_SECONDS/);
  });

  it.each(Object.keys(causes))('ends at the next periodic check after %s, with no event', async (cause) => {
    const { token, stream } = await watch(quickOrigin);
    const { stream: other } = await watch(quickOrigin, rita);
    await causes[cause]?.(token);
    await stream.until(() => stream.ended());
    expect(pointsOf(stream)).toEqual([]);
    // The check that ended it ended nothing else: a session that still holds keeps its stream.
    expect(other.ended()).toBe(false);
    await restoreAccess();
  });

  it.each(Object.keys(causes))('ends before its next event after %s', async (cause) => {
    const { token, stream } = await watch(origin);
    // Another session on the same order, still valid, gets the point: the event did happen.
    const { stream: other } = await watch(origin, rita);
    await causes[cause]?.(token);
    await newPoint();
    await other.until(() => pointsOf(other).length === 1);
    await stream.until(() => stream.ended());
    expect(pointsOf(stream)).toEqual([]);
    await restoreAccess();
  });
});
