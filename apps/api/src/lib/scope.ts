import type { Db } from '../db/client.ts';
import { notFound } from './errors.ts';
import { isAccountMember } from '../db/scope.ts';

/** Who is calling: taken from a verified token and the user's current row. */
export interface Caller {
  userId: number;
  ussAdminLevel: number;
  /** Set when a staff member signed in as this user. */
  actorUserId: number | null;
  /**
   * Set when a customer API token calls (decision 129): `userId` is then minus the token's id, which
   * db/scope.ts reads as a plain user of the token's accounts, and nothing else matches it.
   */
  apiToken?: { id: number; scopes: string[]; limitKey: string };
  /** The client address of the call (for the audit log). */
  address?: string | null;
}

/** Throws NOT_FOUND (and reveals nothing) unless the account is one of the caller's. */
export async function requireAccount(db: Db, caller: Caller, accountId: number): Promise<void> {
  if (!(await isAccountMember(db, caller.userId, accountId))) throw notFound();
}
