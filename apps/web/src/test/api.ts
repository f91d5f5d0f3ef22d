import { afterEach, vi } from 'vitest';

import { clearToken, saveToken } from '../lib/token.ts';

/** What the stand-in API answers to one call: its envelope's fields; by default status 200, SUCCESS, no message, null. */
export interface Answer {
  status?: number;
  code?: string;
  message?: string;
  data?: unknown;
}

/** One call the page sent: its path after /api, method, query string values and JSON body (undefined for none). */
export interface SentCall {
  path: string;
  method: string;
  query: Record<string, string>;
  body: unknown;
}

/**
 * Stands in for the API at the network edge (the global fetch; our own request code runs as it is):
 * answers each call with the answer given for "METHOD path" or else for its path (after /api/), and keeps every call sent. A signed-in user's token
 * is saved, so user calls go out. A path with no answer gets NOT_FOUND.
 */
export function serveApi(answers: Record<string, Answer | ((body: unknown) => Answer)>): SentCall[] {
  const sent: SentCall[] = [];
  saveToken('aaa.bbb.ccc', Math.floor(Date.now() / 1000) + 3600);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const address = new URL(url, 'http://portal.test');
      const path = decodeURIComponent(address.pathname).replace(/^\/api\//, '');
      const query = Object.fromEntries(address.searchParams);
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      sent.push({ path, method: init?.method ?? 'GET', query, body });
      const given = answers[`${init?.method ?? 'GET'} ${path}`] ?? answers[path];
      const answer = typeof given === 'function' ? given(body) : given;
      const {
        status = 200,
        code = 'SUCCESS',
        message = '',
        data = null,
      } = answer ?? ({ status: 404, code: 'NOT_FOUND', message: 'Not found.' } satisfies Answer);
      return new Response(JSON.stringify({ code, message, data }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

// The stubbed fetch is given back by the unit project's `unstubGlobals` (vitest.config.ts).
afterEach(() => clearToken());
