import type { Db } from '../db/client.ts';
import { notFound } from './errors.ts';
import { isAccountMember } from '../db/scope.ts';

/** Who is calling: taken from a verified token and the user's current row. */
export interface Caller {
  userId: number;
  ussAdminLevel: number;
  /** Set when a staff member signed in as this user. */
  actorUserId: number | null;
}

/** Throws NOT_FOUND (and reveals nothing) unless the account is one of the caller's. */
export async function requireAccount(db: Db, caller: Caller, accountId: number): Promise<void> {
  if (!(await isAccountMember(db, caller.userId, accountId))) throw notFound();
}
