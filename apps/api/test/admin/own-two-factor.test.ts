import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestApp } from '../helpers/test-app.ts';
import { accountId, membershipsOf, roles, appWithRoles, type Role } from '../users/fixtures.ts';

/**
 * Issue 15: staff cannot lock themselves out. Giving oneself access to an account that requires
 * two-factor sign-in, without two-factor on, is refused with the reason (otherwise every later call
 * would answer USS_TWO_FACTOR_AUTH_REQUIRED); nothing changes and the staff member can carry on.
 */
describe('admin/add-account on an account that requires two-factor', () => {
  let t: TestApp, tokens: Record<Role, string>;
  beforeAll(async () => ({ t, tokens } = await appWithRoles()));
  afterAll(() => t.close());

  it('is refused with the reason, and the staff member is not locked out', async () => {
    const tyrell = await accountId(t, '1000601');
    const res = await t.call('POST', '/api/admin/add-account', {
      token: tokens.staff2,
      body: { accountId: tyrell, accessLevel: 1 },
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      code: 'FORBIDDEN',
      message:
        'This account requires two-factor authentication. Turn on two-factor authentication in your profile before giving yourself access, or every page would ask you to turn it on first.',
      data: null,
    });
    expect(await membershipsOf(t, roles.staff2)).not.toHaveProperty('1000601');
    const after = await t.call('GET', '/api/accounts/get-accounts', { token: tokens.staff2 });
    expect(after.body.code).toBe('SUCCESS');
  });

  it('an account without the requirement is still given', async () => {
    const acme = await accountId(t, '1000101');
    const res = await t.call('POST', '/api/admin/add-account', {
      token: tokens.staff2,
      body: { accountId: acme, accessLevel: 1 },
    });
    expect(res.body.code).toBe('SUCCESS');
  });
});
