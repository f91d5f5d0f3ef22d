import { DEMO_PASSWORD, demoEmails } from '../../src/seed/demo.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import type { TestApp } from '../helpers/test-app.ts';

/** Helpers shared by the integration API tests. */

export interface Envelope {
  data: unknown;
  code: string;
  message: string;
}

/** Creates an integration token through the staff call, as staff3; returns its id and secret. */
export async function newToken(
  t: TestApp,
  staffToken: string,
  scopes: string[] = ['all'],
): Promise<{ id: number; token: string }> {
  const res = await t.call('POST', '/api/integration/tokens', { token: staffToken, body: { name: 'feed', scopes } });
  if (res.status !== 200) throw new Error(`token creation failed: ${res.body.code}`);
  return res.body.data as { id: number; token: string };
}

export async function revoke(t: TestApp, token: string, tokenId: number | string) {
  const res = await t.app.inject({
    method: 'DELETE',
    url: `/api/integration/tokens/${tokenId}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() as Envelope };
}

export interface ItemResult {
  key: string;
  status: 'created' | 'updated' | 'unchanged' | 'invalid';
  errors?: Record<string, string[]>;
}

/** POST /api/integration/v1/{collection}/batch. */
export async function batch(t: TestApp, token: string | undefined, collection: string, items: unknown[]) {
  const res = await t.call('POST', `/api/integration/v1/${collection}/batch`, {
    ...(token ? { token } : {}),
    body: { items },
  });
  return { ...res, results: (res.body.data as { results: ItemResult[] } | null)?.results ?? [] };
}

export const statuses = (results: ItemResult[]) => results.map((r) => r.status);

/**
 * Gives a user loaded by a batch the demo password (as if they had used the invitation), accepts the
 * active legal agreements for them, and signs in.
 */
export async function signInFedUser(t: TestApp, email: string): Promise<string> {
  await t.db.query('UPDATE users SET password_hash = $2, email_verified_at = now() WHERE lower(email_nm) = $1', [
    email,
    await hashPassword(DEMO_PASSWORD),
  ]);
  await t.db.query(
    `INSERT INTO legal_acceptances (user_id, legal_agreement_id)
     SELECT u.user_id, la.legal_agreement_id FROM users u, legal_agreements la
      WHERE lower(u.email_nm) = $1 AND la.active ON CONFLICT DO NOTHING`,
    [email],
  );
  return t.signIn(email);
}

/** An event for the webhooks to deliver: the demo customer gives an order of account 1000101 the alias `alias`. */
export async function customerRenamesOrder(t: TestApp, alias: string) {
  const customer = await t.signIn(demoEmails.customer);
  const order = await t.db.one<{ base_order_id: number }>(
    `SELECT o.base_order_id FROM orders o JOIN accounts a USING (account_id) WHERE a.account_number = '1000101' LIMIT 1`,
  );
  return t.call('POST', '/api/orders/change-alias', {
    token: customer,
    body: { base_order_id: order?.base_order_id, alias },
  });
}
