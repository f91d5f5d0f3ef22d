import { DEMO_PASSWORD } from './demo.ts';

/** Calls the portal API directly (test set-up and checks): GET with a query string, POST with a JSON body. */
export async function callApi<T>(
  origin: string,
  method: 'GET' | 'POST',
  path: string,
  body: Record<string, unknown>,
  token?: string,
) {
  const query = new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]));
  const url = method === 'GET' ? `${origin}/api/${path}?${query}` : `${origin}/api/${path}`;
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as { data: T; code: string; message: string };
}

/** A demo sign-in's token, straight from the API. */
export const apiToken = async (origin: string, email: string) =>
  (await callApi<{ token: string }>(origin, 'POST', 'auth/get-token', { email, password: DEMO_PASSWORD })).data.token;
