import type { auth } from '@portal/contract';
import * as v from 'valibot';

import { deleteCookie, readCookie, writeCookie } from './cookie.ts';
import { tokenPayload } from './stored-shapes.ts';

/** The browser keeps the bearer token in this cookie until the payload's expires_at. */
export const tokenCookie = 'portalToken';

export function getToken(): string | null {
  return readCookie(tokenCookie);
}

/** Stores the token; `expiresAt` is epoch seconds, as the API sends it. */
export function saveToken(token: string, expiresAt: number): void {
  writeCookie(tokenCookie, token, new Date(expiresAt * 1000));
}

export function clearToken(): void {
  deleteCookie(tokenCookie);
}

/** The token's payload (user_id, uss_admin_level, expires_at), or null when absent or unreadable. */
export function readTokenPayload(token = getToken()): auth.TokenPayload | null {
  const body = token?.split('.')[1];
  if (!body) return null;
  try {
    const json = atob(body.replace(/-/g, '+').replace(/_/g, '/'));
    const parsed = v.safeParse(tokenPayload, JSON.parse(json));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}
