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
