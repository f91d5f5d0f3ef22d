import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { allCalls, type Call } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * Generated from the contract: every staff call, for no token, a customer, an account administrator and
 * staff levels 1 to 3, answers as spec section 6 says. Below the call's level: 403 FORBIDDEN with no
 * data; at or above it the level check lets the call through (whatever its input then gets).
 */
const staffCalls = allCalls.filter(
  (call): call is Call & { auth: { access: 'user'; staffLevel: number } } =>
    call.auth.access === 'user' && typeof (call.auth as { staffLevel?: number }).staffLevel === 'number',
);

const callers = [
  { name: 'customer', email: 'customer@demo.test', level: 0 },
  { name: 'account administrator', email: 'admin@demo.test', level: 0 },
  { name: 'staff level 1', email: 'staff1@demo.test', level: 1 },
  { name: 'staff level 2', email: 'staff2@demo.test', level: 2 },
  { name: 'staff level 3', email: 'staff3@demo.test', level: 3 },
] as const;

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const c of callers) tokens[c.email] = await t.signIn(c.email);
});
afterAll(() => t.close());

// Path parameters get an id that exists nowhere, so a call that passes the level check changes nothing.
const urlOf = (call: Call) => `/api${call.path.replace(/:([A-Za-z_]+)/g, '999999')}`;

describe('staff calls by caller', () => {
  it('covers every staff area of the contract', () => {
    expect(staffCalls.length).toBeGreaterThanOrEqual(8);
    // Level 2 (granting admin access) is a rule inside admin calls, tested in admin.test.ts.
    expect(new Set(staffCalls.map((c) => c.auth.staffLevel))).toEqual(new Set([1, 3]));
  });

  it.each(staffCalls.map((call) => [call.id, call] as const))('%s', async (_id, call) => {
    for (const method of call.methods) {
      const none = await t.call(method, urlOf(call), { body: method === 'GET' ? undefined : {} });
      expect(none.status, `${method} ${call.path} without a token`).toBe(401);
      expect(none.body.data).toBeNull();
      for (const caller of callers) {
        const res = await t.call(method, urlOf(call), {
          token: tokens[caller.email],
          body: method === 'GET' ? undefined : {},
        });
        const label = `${method} ${call.path} as ${caller.name} (needs level ${call.auth.staffLevel})`;
        if (caller.level < call.auth.staffLevel) {
          expect(res.status, label).toBe(403);
          expect(res.body, label).toMatchObject({ code: 'FORBIDDEN', data: null });
        } else {
          expect(res.status, label).not.toBe(401);
          expect(res.body.code, label).not.toBe('FORBIDDEN');
          expect(res.status, label).toBeLessThan(500);
        }
      }
    }
  });
});
