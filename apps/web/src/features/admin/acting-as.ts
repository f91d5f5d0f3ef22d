import type { auth } from '@portal/contract';
import * as v from 'valibot';

import type { LoadResult } from '../../lib/login-data.ts';
import { loadLoginData } from '../../lib/login-data.ts';
import { queryClient } from '../../lib/query-client.ts';
import { storedActingAs } from '../../lib/stored-shapes.ts';
import { getToken, readTokenPayload, saveToken } from '../../lib/token.ts';

/**
 * Signing in as a customer (staff level 3+). The staff member's own token is kept in this tab's
 * sessionStorage while the customer's token is the session's token; "Return to my account" puts
 * it back. Nothing of it reaches the server: the customer's token names the staff member in its
 * `act` claim, which is how the server and this banner know.
 */
const storageKey = 'portal.actingAs';

export type ActingAs = v.InferOutput<typeof storedActingAs>;

function readSaved(): ActingAs | null {
  try {
    const raw = sessionStorage.getItem(storageKey);
    const parsed = raw ? v.safeParse(storedActingAs, JSON.parse(raw)) : null;
    return parsed?.success ? parsed.output : null;
  } catch {
    return null;
  }
}

function clearSaved(): void {
  try {
    sessionStorage.removeItem(storageKey);
  } catch {
    // storage unavailable: nothing saved
  }
}

/** The staff member's id in the current token's `act` claim, or null for an ordinary session. */
export function readActorId(token = getToken()): number | null {
  const body = token?.split('.')[1];
  if (!body) return null;
  try {
    const json = JSON.parse(atob(body.replace(/-/g, '+').replace(/_/g, '/'))) as { act?: unknown };
    return typeof json.act === 'number' && Number.isInteger(json.act) ? json.act : null;
  } catch {
    return null;
  }
}

/** What the banner shows: set while the session's token was issued to a staff member as a customer. */
export interface ActingState {
  /** The saved staff session of this tab, when "Return to my account" is possible. */
  saved: ActingAs | null;
}

export function readActingState(): ActingState | null {
  if (readActorId() === null) {
    // An ordinary session: any staff token saved earlier in this tab belongs to an ended visit.
    clearSaved();
    return null;
  }
  const saved = readSaved();
  return { saved: saved && saved.staffExpiresAt * 1000 > Date.now() ? saved : null };
}

/** Switches this tab to the customer's token (keeping the staff token) and loads their login data. */
export async function startActingAs(
  customer: auth.TokenData,
  names: { staffEmail: string; userEmail: string },
): Promise<LoadResult> {
  const staffToken = getToken();
  const staffExpiresAt = readTokenPayload(staffToken)?.expires_at;
  if (!staffToken || staffExpiresAt === undefined) return 'session';
  const saved: ActingAs = { staffToken, staffExpiresAt, ...names };
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(saved));
  } catch {
    // Without storage the banner offers sign-out instead of the way back.
  }
  saveToken(customer.token, customer.expires_at);
  // Nothing cached for the staff member may show on the customer's pages.
  queryClient.clear();
  return loadLoginData();
}

/** Puts the staff member's own token back and loads their login data again. */
export async function returnToOwnAccount(): Promise<LoadResult> {
  const saved = readSaved();
  clearSaved();
  if (!saved || saved.staffExpiresAt * 1000 <= Date.now()) return 'session';
  saveToken(saved.staffToken, saved.staffExpiresAt);
  queryClient.clear();
  return loadLoginData();
}
