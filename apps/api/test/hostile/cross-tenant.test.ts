import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startStripeStandIn, stripeEnv, type StripeStandIn } from '../helpers/stripe-stand-in.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { fieldName, send, setAt } from './contract-kit.ts';
import { idCalls, notApplicable, notApplicableFields } from './id-fields.ts';
import { callerOf, idFieldValue, sampleInput } from './samples.ts';
import { loadWorld, type World } from './world.ts';

/**
 * Generated from the contract: every call that takes an object id, given another company's id that
 * exists, answers NOT_FOUND with no data, exactly as an id that exists nowhere. Both ways between two
 * demo companies: Globex Health's sign-ins against Acme Logistics' objects and the reverse. Each
 * case has a control: the owning company's own sign-in sends the same request and gets through, so
 * a NOT_FOUND cannot come from a sample that is wrong for everyone.
 */

const { calls, unknown } = idCalls();

/** Calls whose control takes something away from the owner: they run last. */
const runLast = ['payments.removeMethod', 'users.deleteUser', 'accounts.removeAccounts'];
const ordered = [...calls].sort((a, b) => runLast.indexOf(a.call.id) - runLast.indexOf(b.call.id));

let t: TestApp;
let stripe: StripeStandIn;
let acme: World;
let globex: World;
const signIns = new Map<string, string>();
beforeAll(async () => {
  // With payments on (through the local Stripe stand-in), so the payments calls are tried too.
  stripe = await startStripeStandIn({ now: () => t.clock.now() });
  t = await createTestApp(stripeEnv(stripe));
  const signIn = async (email: string) => {
    if (!signIns.has(email)) signIns.set(email, await t.signIn(email));
    return signIns.get(email) as string;
  };
  acme = await loadWorld(t, 'Acme Logistics', signIn, { stripe });
  globex = await loadWorld(t, 'Globex Health', signIn, { stripe });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** Controls that stop at a rule after the ownership check (so the id was found), and why. */
const controlAnswers: Record<string, { code: string; why: string }> = {
  'accounts.updateAccounts': {
    code: 'VALIDATION_ERROR',
    why: 'requiring two-factor sign-in needs the administrator to have it first (checked after ownership)',
  },
};

/** Id fields answered otherwise than NOT_FOUND (always exactly as an id that exists nowhere), and why. */
const otherAnswers: Record<string, { status: number; code: string; why: string }> = {
  interfaceId: {
    status: 404,
    code: 'NETWORK_STATS_NOT_FOUND',
    why: "an interface is looked up among the caller's own order's interfaces; the chart's not-found code",
  },
  attachment_ids: {
    status: 422,
    code: 'VALIDATION_ERROR',
    why: "a form field of the caller's own unsent uploads: any other id reads 'no longer available' (tickets.test.ts)",
  },
};

/** An id of the same form that exists nowhere. */
const ghost = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(ghost)
    : typeof value === 'number'
      ? 2147483647
      : /^[0-9a-f]{40}$/.test(String(value))
        ? '0'.repeat(40)
        : `ghost-${String(value)}`;

describe('another company’s ids', () => {
  it('every field that looks like an id has a sample source or a stated reason', () => {
    expect(unknown, 'add a source in samples.ts idSources, or a reason in id-fields.ts').toEqual([]);
    expect(Object.keys(notApplicable).length + Object.keys(notApplicableFields).length).toBeGreaterThan(0);
  });

  it('are tried on the id-taking calls of the contract', () => {
    expect(calls.length).toBeGreaterThanOrEqual(50);
  });

  it.each(ordered.map((c) => [c.call.id, c] as const))('%s answers NOT_FOUND', async (_id, { call, fields }) => {
    const directions = [
      { caller: globex, owner: acme },
      { caller: acme, owner: globex },
    ];
    let covered = 0;
    for (const { caller, owner } of directions) {
      const foreign = await sampleInput(call, { t, world: owner });
      // The owning company has no such object (Globex has no compliance PIN): the other way covers it.
      if (foreign.missing.length) continue;
      const own = await sampleInput(call, { t, world: caller });
      const attacks = [{ label: `every id of ${owner.company}`, input: foreign.input, swapped: fields }];
      if (!own.missing.length && fields.length > 1)
        for (const field of fields)
          attacks.push({
            label: `${fieldName(field.path)} of ${owner.company}, the rest of ${caller.company}`,
            input: setAt(own.input, field.path, idFieldValue(foreign.input, field.path)),
            swapped: [field],
          });
      const token = callerOf(caller, call).token;
      for (const method of call.methods)
        for (const attack of attacks) {
          const res = await send(t, call, method, attack.input, { token });
          const label = `${callerOf(caller, call).email} with ${attack.label}: ${res.label} -> ${res.raw}`;
          const names = attack.swapped.map((f) => String(f.path.filter((p) => typeof p === 'string').at(-1)));
          // A field answered otherwise only decides the answer when it is the only one swapped.
          const other = names.length === 1 ? otherAnswers[names[0] as string] : undefined;
          expect({ status: res.status, code: res.body?.code }, label).toEqual({
            status: other?.status ?? 404,
            code: other?.code ?? 'NOT_FOUND',
          });
          if (!other) expect(res.body?.data, label).toBeNull();
          // Exactly the answer to ids that exist nowhere: nothing tells the other company's objects apart.
          const nowhere = attack.swapped.reduce(
            (input, f) => setAt(input, f.path, ghost(idFieldValue(input, f.path))),
            attack.input,
          );
          const ghostRes = await send(t, call, method, nowhere, { token });
          expect(res.body, `${label}\n  vs ids that exist nowhere: ${ghostRes.label}`).toEqual(ghostRes.body);
        }
      const control = await send(t, call, call.methods[0] as 'GET', foreign.input, {
        token: callerOf(owner, call).token,
      });
      const controlLabel = `control, the owner ${callerOf(owner, call).email}: ${control.label} -> ${control.raw}`;
      const expected = controlAnswers[call.id]?.code;
      if (expected) expect(control.body?.code, controlLabel).toBe(expected);
      else {
        expect(control.status, controlLabel).toBe(200);
        if (!call.binary) expect(control.body?.code, controlLabel).toBe('SUCCESS');
      }
      covered += 1;
    }
    expect(covered, 'no company has the objects this call needs').toBeGreaterThan(0);
  });
});
