import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { allCalls, type Call } from '@portal/contract';

import { demoEmails } from '../../src/seed/demo.ts';
import { startStripeStandIn, stripeEnv, type StripeStandIn } from '../helpers/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { send, staffLevelOf, userCalls } from './contract-kit.ts';
import { accountAdminCalls, sampleInput } from './samples.ts';
import { loadWorld, type World } from './world.ts';

/**
 * Generated from the contract: every staff and account-administrator call, for no token, a customer,
 * an account administrator and staff levels 1 to 3, answers as spec section 6 says. Each call gets a
 * valid input (samples.ts), so what stops a caller is the role, not the input. Below a staff call's
 * level, and without an administered account on a users-area call: 403 FORBIDDEN with no data. At or
 * above it: through (whatever the call then answers, never 401, 403 or 5xx).
 */

const callers = [
  { name: 'customer', email: demoEmails.customer, level: 0, administers: false },
  { name: 'account administrator', email: demoEmails.admin, level: 0, administers: true },
  { name: 'staff level 1', email: demoEmails.staff1, level: 1, administers: false },
  { name: 'staff level 2', email: demoEmails.staff2, level: 2, administers: false },
  { name: 'staff level 3', email: demoEmails.staff3, level: 3, administers: false },
] as const;

/** Administrator calls with a rule of their own, per caller, and where it is written down. */
const auditRule = {
  why: "decision 133: staff (level 1 and up) read any account's audit log",
  answers: {
    customer: 'FORBIDDEN',
    'account administrator': 'SUCCESS',
    'staff level 1': 'SUCCESS',
    'staff level 2': 'SUCCESS',
    'staff level 3': 'SUCCESS',
  },
};

const ownRules: Record<string, { why: string; answers: Record<(typeof callers)[number]['name'], string> }> = {
  'audit.getEntries': auditRule,
  'audit.getEntryUsers': auditRule,
  'audit.exportEntries': auditRule,
  'apiTokens.revokeToken': {
    why: "decision 129: staff (level 1 and up) revoke any company's API tokens",
    answers: {
      customer: 'FORBIDDEN',
      'account administrator': 'SUCCESS',
      'staff level 1': 'SUCCESS',
      'staff level 2': 'SUCCESS',
      'staff level 3': 'SUCCESS',
    },
  },
  'users.sendPasswordReset': {
    why: 'modules/users/password-reset.ts: staff from level 2 may grant themselves admin access anyway; anyone else is told nothing, as for an unknown address',
    answers: {
      customer: 'NOT_FOUND',
      'account administrator': 'SUCCESS',
      'staff level 1': 'NOT_FOUND',
      'staff level 2': 'SUCCESS',
      'staff level 3': 'SUCCESS',
    },
  },
};

/**
 * Administrator calls that look the account up among the caller's own first (decision 127, payments):
 * a caller who does not administer it is refused FORBIDDEN when they use it, and does not find it
 * (NOT_FOUND) when they do not (staff use Acme's account only once a staff call above added it).
 */
const accountFirst = new Set([
  'payments.removeMethod',
  'payments.setAutopay',
  'payments.setDefaultMethod',
  'payments.startSetup',
]);
const usesAccount = async (email: string, accountId: unknown) =>
  (
    await t.db.query(
      'SELECT 1 FROM accounts_users au JOIN users u USING (user_id) WHERE u.email_nm = $1 AND au.account_id = $2',
      [email, accountId],
    )
  ).length > 0;

const staffCalls = userCalls.filter((call) => staffLevelOf(call) !== undefined);
/**
 * Administrator calls; removing the saved method (autopay and the default need it) and deleting the
 * member last, as they take the method and the member out of the administrator's reach.
 */
const adminLast = ['payments.removeMethod', 'users.deleteUser'];
const adminCalls = userCalls
  .filter((call) => accountAdminCalls.has(call.id))
  .sort((a, b) => adminLast.indexOf(a.id) - adminLast.indexOf(b.id));
/**
 * Calls every signed-in customer may make; removing one's own accounts and then signing out everywhere
 * last, as they take access and the session away.
 */
const takesAway = ['accounts.removeAccounts', 'auth.signOutEverywhere'];
const customerCalls = userCalls
  .filter((call) => staffLevelOf(call) === undefined && !accountAdminCalls.has(call.id))
  .sort((a, b) => takesAway.indexOf(a.id) - takesAway.indexOf(b.id));

let t: TestApp;
let stripe: StripeStandIn;
let acme: World;
let globex: World;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  // With payments on (through the local Stripe stand-in), so the payments calls are tried too.
  stripe = await startStripeStandIn({ now: () => t.clock.now() });
  t = await createTestApp(stripeEnv(stripe));
  for (const c of callers) tokens[c.email] = await t.signIn(c.email);
  const signIn = async (email: string) => tokens[email] ?? t.signIn(email);
  acme = await loadWorld(t, 'Acme Logistics', signIn, { stripe });
  globex = await loadWorld(t, 'Globex Health', signIn, { stripe });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** A valid input of the call about the caller's company (staff work on a customer's: Acme's). */
async function validInput(call: Call, world: World) {
  const { input, missing } = await sampleInput(call, { t, world });
  expect(missing, `${call.id}: the sample has nothing for these fields`).toEqual([]);
  const parsed = call.input.safeParse(input);
  expect(parsed.success, `${call.id}: the sample is refused by the contract: ${parsed.error?.message}`).toBe(true);
  return input;
}

/** The codes of a refused caller (a wrong passcode is a 401 too, but of the input, not the caller). */
const refusals = ['INVALID_TOKEN', 'EXPIRED_TOKEN', 'FORBIDDEN'];

const outcome = (res: Awaited<ReturnType<typeof send>>) => ({
  status: res.status,
  code: res.body?.code,
  data: res.body?.data,
});

describe('roles', () => {
  it('covers the staff and administrator calls of the contract', () => {
    expect(staffCalls.length).toBeGreaterThanOrEqual(8);
    // Level 2 (granting admin access) is a rule inside admin calls, tested in admin.test.ts.
    expect(new Set(staffCalls.map(staffLevelOf))).toEqual(new Set([1, 3]));
    expect(adminCalls.map((c) => c.id).sort()).toEqual([...accountAdminCalls].sort());
  });

  it.each(userCalls.map((call) => [call.id, call] as const))('%s refuses a missing token', async (_id, call) => {
    for (const method of call.methods) {
      const res = await send(t, call, method, {});
      expect(outcome(res), res.label).toEqual({ status: 401, code: 'INVALID_TOKEN', data: null });
    }
  });

  it.each(staffCalls.map((call) => [call.id, call] as const))('staff call %s by level', async (_id, call) => {
    const level = staffLevelOf(call) as number;
    const input = await validInput(call, acme);
    for (const caller of callers) {
      const res = await send(t, call, call.methods[0] as 'POST', input, { token: tokens[caller.email] });
      const label = `${res.label} as ${caller.name} (needs level ${level}) -> ${res.raw}`;
      if (caller.level < level) expect(outcome(res), label).toEqual({ status: 403, code: 'FORBIDDEN', data: null });
      else {
        expect(refusals, label).not.toContain(res.body?.code);
        expect(res.status, label).toBeLessThan(500);
      }
    }
  });

  it.each(adminCalls.map((call) => [call.id, call] as const))('administrator call %s', async (_id, call) => {
    for (const caller of callers) {
      // Each caller about their own company's objects: the administrator Globex's, the others Acme's.
      const input = await validInput(call, caller.administers ? globex : acme);
      const res = await send(t, call, call.methods[0] as 'POST', input, { token: tokens[caller.email] });
      const label = `${res.label} as ${caller.name} -> ${res.raw}`;
      const own = ownRules[call.id];
      if (own) {
        // A binary call's file answers no envelope: its 200 is the success.
        const code = call.binary && res.status === 200 ? 'SUCCESS' : res.body?.code;
        expect(code, `${label} (${own.why})`).toBe(own.answers[caller.name]);
        if (res.status >= 400) expect(res.body?.data, label).toBeNull();
      } else if (
        accountFirst.has(call.id) &&
        !caller.administers &&
        !(await usesAccount(caller.email, input.accountId))
      ) {
        expect(outcome(res), label).toEqual({ status: 404, code: 'NOT_FOUND', data: null });
      } else if (!caller.administers) {
        expect(outcome(res), label).toEqual({ status: 403, code: 'FORBIDDEN', data: null });
        expect(res.body?.message, label).toMatch(/permission|administ/);
      } else {
        expect(refusals, label).not.toContain(res.body?.code);
        expect(res.status, label).toBeLessThan(500);
      }
    }
  });

  it.each(customerCalls.map((call) => [call.id, call] as const))(
    '%s lets a customer who administers nothing through',
    async (_id, call) => {
      const input = await validInput(call, acme);
      const res = await send(t, call, call.methods[0] as 'POST', input, { token: tokens[demoEmails.customer] });
      const label = `${res.label} -> ${res.raw}`;
      expect(refusals, `${label}: an administrator-only call belongs in accountAdminCalls`).not.toContain(
        res.body?.code,
      );
      expect(res.status, label).toBeLessThan(500);
    },
  );

  it.each(allCalls.filter((c) => c.auth.access === 'integration').map((call) => [call.id, call] as const))(
    '%s refuses every user token',
    async (_id, call) => {
      for (const caller of callers) {
        const res = await send(t, call, call.methods[0] as 'POST', {}, { token: tokens[caller.email] });
        expect(res.status, `${res.label} as ${caller.name}`).toBe(401);
        expect(res.body?.data, res.label).toBeNull();
      }
    },
  );
});
