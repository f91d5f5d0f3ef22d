import type { ApiToken, ApiTokenScope } from '@portal/contract';

import type { TestApp } from '../helpers/test-app.ts';

/** The account id of a demo account number. */
export const accountId = async (t: TestApp, accountNumber: string) =>
  (await t.db.one<{ account_id: number }>('SELECT account_id FROM accounts WHERE account_number = $1', [
    accountNumber,
  ]))!.account_id;

/** Creates a token as admin@demo.test (who administers 1000201 and 1000202) and returns its secret and row. */
export async function createApiToken(
  t: TestApp,
  body: { scopes: ApiTokenScope[]; accounts?: string[]; days?: number; name?: string },
  adminToken?: string,
) {
  const token = adminToken ?? (await t.signIn('admin@demo.test'));
  const account_ids = await Promise.all((body.accounts ?? ['1000201']).map((n) => accountId(t, n)));
  const res = await t.call('POST', '/api/api-tokens/create-token', {
    token,
    body: { name: body.name ?? 'Monitoring', account_ids, scopes: body.scopes, expires_in_days: body.days ?? 30 },
  });
  if (res.body.code !== 'SUCCESS') throw new Error(`create-token: ${res.body.code} ${res.body.message}`);
  return res.body.data as { token: string; api_token: ApiToken };
}
