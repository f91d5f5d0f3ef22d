import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 15: an administrator cannot delete their own row; the answer says why, nothing changes. */
describe('deleting oneself', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is refused with a clear message and leaves the memberships alone', async () => {
    const token = await t.signIn('admin@demo.test');
    const me = (await t.call('GET', '/api/users/get-authenticated-user', { token })).body.data as { user_id: number };
    const user = async () =>
      ((await t.call('GET', `/api/users/get-user/${me.user_id}`, { token })).body.data as { accounts_users: unknown })
        .accounts_users;
    const before = await user();
    const res = await t.call('POST', `/api/users/delete-user/${me.user_id}`, { token });
    expect(res.body.code).toBe('FORBIDDEN');
    expect(res.body.message).toBe(
      'You cannot delete your own portal user. Use Accounts to remove accounts from your access.',
    );
    expect(await user()).toEqual(before);
  });
});
