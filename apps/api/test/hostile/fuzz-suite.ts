import { afterAll, beforeAll, expect, it } from 'vitest';

import { allCalls, type Call } from '@portal/contract';

import { demoEmails } from '../../src/seed/demo.ts';
import { startStripeStandIn, stripeEnv, type StripeStandIn } from '../helpers/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { newToken } from '../integration/kit.ts';
import { send, staffLevelOf } from './contract-kit.ts';
import { fuzzBoundaries, fuzzFields, fuzzRequests, useApp } from './fuzz.ts';
import { callerOf, sampleInput } from './samples.ts';
import { loadWorld, type World } from './world.ts';

/**
 * One fuzz test file: the calls `pick` chooses, each with a valid baseline input (samples.ts) from
 * the caller it needs: a customer of Acme Logistics (its administrator for users-area calls), staff
 * level 3 for staff calls, an integration token with every scope for /integration/v1 calls.
 */

/** Calls that take something away from their caller (a session, an account, a token): fuzzed last. */
const runLast = [
  'users.deleteUser',
  'accounts.removeAccounts',
  'admin.clearAccounts',
  'integration.revokeToken',
  'admin.signOutUser',
  'auth.signOutEverywhere',
];

/** `shard` [k, n]: every n-th of the picked calls from the k-th, so two files share a set on two cores. */
export function fuzzSuite(pick: (call: Call) => boolean, [k, n]: [number, number] = [0, 1]) {
  const calls = allCalls
    .filter(pick)
    .filter((_, i) => i % n === k)
    .sort((a, b) => runLast.indexOf(a.id) - runLast.indexOf(b.id));
  let t: TestApp;
  let acme: World;
  let staff: string;
  let integrationToken: string;
  // The payments calls are fuzzed with a payments provider (the Stripe stand-in), so the baseline has a
  // started payment and a saved method to name.
  let stripe: StripeStandIn;
  beforeAll(async () => {
    stripe = await startStripeStandIn({ now: () => t.clock.now() });
    t = await createTestApp(stripeEnv(stripe));
    useApp(t);
    acme = await loadWorld(t, 'Acme Logistics', (email) => t.signIn(email), { stripe });
    staff = await t.signIn(demoEmails.staff3);
    integrationToken = (await newToken(t, staff)).token;
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const tokenFor = (call: Call) =>
    call.auth.access === 'public'
      ? undefined
      : call.auth.access === 'integration'
        ? integrationToken
        : staffLevelOf(call) !== undefined
          ? staff
          : callerOf(acme, call).token;

  /** Every session the file uses still works: a fuzzed call must not sign its caller out. */
  async function assertSessionsAlive(after: string) {
    const probes = [
      { token: acme.user.token, method: 'POST', url: '/api/invoices/get-balance-history' },
      { token: acme.admin.token, method: 'POST', url: '/api/invoices/get-balance-history' },
      { token: staff, method: 'POST', url: '/api/admin/find-accounts' },
      { token: integrationToken, method: 'GET', url: '/api/integration/v1/events' },
    ] as const;
    for (const p of probes) {
      const res = await t.call(p.method, p.url, { token: p.token, ...(p.method === 'POST' ? { body: {} } : {}) });
      expect(res.status, `${p.url} after fuzzing ${after}: ${res.body.code}`).toBe(200);
    }
  }

  it('fuzzes calls of the contract', () => expect(calls.length).toBeGreaterThan(20));

  let previous = 'nothing';
  it.each(calls.map((call) => [call.id, call] as const))('%s', async (id, call) => {
    if (!runLast.includes(id)) await assertSessionsAlive(previous);
    previous = id;
    const { input: baseline, missing } = await sampleInput(call, { t, world: acme });
    expect(missing, 'the baseline has nothing for these fields').toEqual([]);
    expect(call.input.safeParse(baseline).success, 'the baseline passes the contract').toBe(true);
    const target = { call, token: tokenFor(call), baseline };
    const [first, ...others] = call.methods;
    // The baseline itself: an answer in the envelope (a 2xx for most calls).
    const base = await send(t, call, first as 'POST', baseline, { token: target.token });
    expect(base.status, base.label).toBeLessThan(500);
    await fuzzBoundaries(target, first as 'POST');
    await fuzzFields(target, first as 'POST');
    for (const method of [first, ...others]) await fuzzRequests(target, method as 'POST');
  });
}
