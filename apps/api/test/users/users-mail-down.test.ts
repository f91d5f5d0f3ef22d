import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { people, roles } from './fixtures.ts';

/** SMTP pointing at a closed port: every send fails, as when the mail server is down. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  token = await t.signIn(roles.admin);
});
afterAll(() => t.close());

describe('users area when the mail server is down', () => {
  it('send password reset answers MAIL_FAILED (nothing else changed)', async () => {
    const res = await t.call('POST', `/api/auth/forgot-password/${encodeURIComponent(people.dana)}`, { token });
    expect(res.status).toBe(502);
    expect(res.body.code).toBe('MAIL_FAILED');
  });
});
