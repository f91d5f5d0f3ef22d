import { createTestApp, type TestApp } from './test-app.ts';

/** A test app with `email` signed in, and its token. */
export async function appSignedIn(email: string): Promise<{ t: TestApp; token: string }> {
  const t = await createTestApp();
  return { t, token: await t.signIn(email) };
}
