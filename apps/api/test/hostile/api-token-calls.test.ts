import { apiTokens, type ApiTokenScope, type Call } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createApiToken } from '../api-tokens/fixtures.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { send, staffLevelOf, userCalls } from './contract-kit.ts';
import { idCalls } from './id-fields.ts';
import { accountAdminCalls, sampleInput } from './samples.ts';
import { loadWorld, type World } from './world.ts';

/**
 * Generated from the contract (issue 33, decision 129): a customer API token makes exactly the /api
 * calls whose `auth.scope` it holds, as a plain user of its accounts: with a call's scope it gets the
 * answer Acme's plain user gets for the same request; without it, 403 naming the scope; a call with
 * no scope (and every staff call) refuses tokens. Another company's ids answer NOT_FOUND.
 */

const scopeOf = (call: Call) => (staffLevelOf(call) === undefined ? call.auth.scope : undefined);
const refusal = (call: Call) => {
  const scope = scopeOf(call);
  return scope
    ? `This API token does not have the ${scope} scope.`
    : 'API tokens cannot make this call: it needs a portal sign-in.';
};

/**
 * Calls whose scope gives a token more than a plain user gets (decision 132): `users:read` reads the
 * members of its accounts, as an administrator of them would (Acme's Rita Alvarez answers the same).
 */
const beyondPlainUser = new Set(['users.getUsers', 'users.getUser']);

let t: TestApp;
let acme: World;
let globex: World;
/** Tokens of Acme (all its accounts, where Casey Morgan is a plain user), one per scope, and one with every scope. */
const acmeTokens = new Map<ApiTokenScope | 'all', string>();
let globexToken: string;
const acmeAccounts = ['1000101', '1000102', '1000103'];

beforeAll(async () => {
  t = await createTestApp();
  const signIns = new Map<string, string>();
  const signIn = async (email: string) => {
    if (!signIns.has(email)) signIns.set(email, await t.signIn(email));
    return signIns.get(email) as string;
  };
  acme = await loadWorld(t, 'Acme Logistics', signIn);
  globex = await loadWorld(t, 'Globex Health', signIn);
  const rita = await signIn('rita.alvarez@acme-logistics.example');
  for (const scope of apiTokens.scopes)
    acmeTokens.set(scope, (await createApiToken(t, { scopes: [scope], accounts: acmeAccounts }, rita)).token);
  acmeTokens.set(
    'all',
    (await createApiToken(t, { scopes: [...apiTokens.scopes], accounts: acmeAccounts }, rita)).token,
  );
  const admin = await signIn('admin@demo.test');
  globexToken = (await createApiToken(t, { scopes: [...apiTokens.scopes], accounts: ['1000201', '1000202'] }, admin))
    .token;
});
afterAll(() => t.close());

describe('customer API token scopes in the contract', () => {
  it('name only token scopes, and every token scope opens some call', () => {
    const used = new Set(userCalls.map(scopeOf).filter(Boolean));
    expect([...used].sort()).toEqual([...apiTokens.scopes].sort());
  });
});

const cases = userCalls.flatMap((call) =>
  apiTokens.scopes.map((scope) => [call.id, scope, scopeOf(call) === scope ? 'allowed' : 'refused', call] as const),
);

describe('every call with every scope', () => {
  it.each(cases.filter(([, , kind]) => kind === 'refused'))('%s with %s: 403', async (_id, scope, _kind, call) => {
    const { input } = await sampleInput(call, { t, world: acme });
    const res = await send(t, call, call.methods[0]!, input, { token: acmeTokens.get(scope) });
    expect({ status: res.status, code: res.body?.code, message: res.body?.message }, res.label).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: refusal(call),
    });
  });

  it.each(cases.filter(([, , kind]) => kind === 'allowed'))(
    '%s with %s: what a plain user of the accounts gets',
    async (_id, scope, _kind, call) => {
      const sample = await sampleInput(call, { t, world: acme });
      // The sample's uploads are the user's own pending files, which no token may take (decision 132): none sent.
      const input = 'attachment_ids' in sample.input ? { ...sample.input, attachment_ids: [] } : sample.input;
      const like = beyondPlainUser.has(call.id) ? acme.admin : acme.user;
      const asUser = await send(t, call, call.methods[0]!, input, { token: like.token });
      const asToken = await send(t, call, call.methods[0]!, input, { token: acmeTokens.get(scope) });
      expect(
        { status: asToken.status, code: asToken.body?.code },
        `${asToken.label} -> ${asToken.raw.slice(0, 300)}`,
      ).toEqual({ status: asUser.status, code: asUser.body?.code });
    },
  );
});

describe("another company's ids", () => {
  const scoped = idCalls().calls.filter(({ call }) => scopeOf(call));
  it('are tried on the id-taking calls tokens may make', () => {
    expect(scoped.length).toBeGreaterThanOrEqual(40);
  });

  // A token has a plain user's access: the administrators' calls refuse it before looking at any id.
  const expected = (call: Call) =>
    accountAdminCalls.has(call.id) && !beyondPlainUser.has(call.id)
      ? { status: 403, code: 'FORBIDDEN', data: null }
      : { status: 404, code: 'NOT_FOUND', data: null };

  it.each(scoped.map(({ call }) => [call.id, call] as const))(
    "%s: refused as for ids that are nobody's",
    async (_id, call) => {
      let covered = 0;
      for (const { owner, token } of [
        { owner: globex, token: acmeTokens.get('all') },
        { owner: acme, token: globexToken },
      ]) {
        const foreign = await sampleInput(call, { t, world: owner });
        if (foreign.missing.length) continue;
        const res = await send(t, call, call.methods[0]!, foreign.input, { token });
        expect(
          { status: res.status, code: res.body?.code, data: res.body?.data },
          `${res.label} -> ${res.raw}`,
        ).toEqual(expected(call));
        covered += 1;
      }
      expect(covered, 'no company has the objects this call needs').toBeGreaterThan(0);
    },
  );
});
