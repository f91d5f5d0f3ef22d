import type { Db } from '../../db/client.ts';
import { limitOffset } from '../../lib/paging.ts';

/** Times are passed as epoch milliseconds from the injected clock and turned into timestamptz here. */
const at = (n: number) => `to_timestamp($${n}::double precision / 1000)`;

export interface InvitedAccess {
  account_id: number;
  is_account_admin: boolean;
}

export interface InvitationRow {
  /** The account the link names (s/create-account/{accountId}/...): the first one granted. */
  account_id: number;
  email_nm: string;
  first_nm: string | null;
  last_nm: string | null;
  invited_by_user_id: number | null;
  tokenHash: string;
  expiresMs: number;
  nowMs: number;
  access: readonly InvitedAccess[];
}

export async function insertInvitation(db: Db, i: InvitationRow): Promise<number> {
  const linkAccess = i.access.find((a) => a.account_id === i.account_id);
  const row = await db.one<{ invitation_id: number }>(
    `INSERT INTO account_invitations
       (account_id, email_nm, first_nm, last_nm, is_account_admin, invited_by_user_id, token_hash, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, ${at(8)}, ${at(9)}) RETURNING invitation_id`,
    [
      i.account_id,
      i.email_nm,
      i.first_nm,
      i.last_nm,
      linkAccess?.is_account_admin ?? false,
      i.invited_by_user_id,
      i.tokenHash,
      i.expiresMs,
      i.nowMs,
    ],
  );
  const id = (row as { invitation_id: number }).invitation_id;
  await db.query(
    `INSERT INTO account_invitation_access (invitation_id, account_id, is_account_admin)
     SELECT $1, a.account_id, a.is_admin FROM unnest($2::int[], $3::boolean[]) AS a(account_id, is_admin)`,
    [id, i.access.map((a) => a.account_id), i.access.map((a) => a.is_account_admin)],
  );
  return id;
}

/** Pending: not used, not cancelled, not expired, and still granting an active account. */
const pending = (nowParam: number) =>
  `i.used_at IS NULL AND i.cancelled_at IS NULL AND i.expires_at > ${at(nowParam)}
   AND EXISTS (SELECT 1 FROM account_invitation_access g JOIN accounts ga ON ga.account_id = g.account_id AND ga.is_active
                WHERE g.invitation_id = i.invitation_id)`;

export interface PendingInvitation {
  invitation_id: number;
  account_id: number;
  email_nm: string;
  first_nm: string | null;
  last_nm: string | null;
}

/** The pending invitation a link's token opens, if any. */
export const findPendingInvitation = (db: Db, tokenHash: string, nowMs: number) =>
  db.one<PendingInvitation>(
    `SELECT i.invitation_id, i.account_id, i.email_nm, i.first_nm, i.last_nm
       FROM account_invitations i
      WHERE i.token_hash = $1 AND ${pending(2)}`,
    [tokenHash, nowMs],
  );

/** The active accounts an invitation grants, with their names, in account order. */
export const findInvitationAccess = (db: Db, invitationId: number) =>
  db.query<{ account_id: number; account_number: string; name: string; is_account_admin: boolean }>(
    `SELECT a.account_id, a.account_number, a.name, x.is_account_admin
       FROM account_invitation_access x JOIN accounts a ON a.account_id = x.account_id AND a.is_active
      WHERE x.invitation_id = $1
      ORDER BY a.account_id`,
    [invitationId],
  );

/**
 * Spends a pending invitation (atomically, so a link works once). `accountId` is the account the
 * link names, when the link carries one. Returns the invitation, or undefined.
 */
export const claimInvitation = (db: Db, tokenHash: string, accountId: number | null, nowMs: number) =>
  db.one<PendingInvitation>(
    `UPDATE account_invitations i SET used_at = ${at(3)}
      WHERE i.token_hash = $1 AND ($2::int IS NULL OR i.account_id = $2) AND ${pending(3)}
      RETURNING i.invitation_id, i.account_id, i.email_nm, i.first_nm, i.last_nm`,
    [tokenHash, accountId, nowMs],
  );

export const setInvitationUser = (db: Db, invitationId: number, userId: number) =>
  db.query('UPDATE account_invitations SET used_by_user_id = $2 WHERE invitation_id = $1', [invitationId, userId]);

export interface InvitationListRow {
  invitation_id: number;
  email_nm: string;
  first_nm: string | null;
  last_nm: string | null;
  created_at: number;
  expires_at: number;
  accounts_users: InvitedAccess[];
  total_count: number;
}

/**
 * Pending invitations to accounts the viewer (`$1`) administers, newest first, each with only those
 * accounts: an invitation also naming another company's account shows nothing of it.
 */
export function findInvitationsPage(db: Db, viewerId: number, page: number, perPage: number, nowMs: number) {
  const { limit, offset } = limitOffset(page, perPage);
  return db.query<InvitationListRow>(
    `WITH mine AS (
       SELECT x.invitation_id, x.account_id, x.is_account_admin
         FROM account_invitation_access x
         JOIN accounts_users v ON v.account_id = x.account_id AND v.user_id = $1 AND v.is_account_admin)
     SELECT i.invitation_id, i.email_nm, i.first_nm, i.last_nm,
            extract(epoch FROM i.created_at)::bigint AS created_at,
            extract(epoch FROM i.expires_at)::bigint AS expires_at,
            (SELECT json_agg(json_build_object('account_id', m.account_id, 'is_account_admin', m.is_account_admin)
                             ORDER BY m.account_id)
               FROM mine m WHERE m.invitation_id = i.invitation_id) AS accounts_users,
            count(*) OVER () AS total_count
       FROM account_invitations i
      WHERE ${pending(2)} AND EXISTS (SELECT 1 FROM mine m WHERE m.invitation_id = i.invitation_id)
      ORDER BY i.created_at DESC, i.invitation_id DESC
      LIMIT ${limit} OFFSET ${offset}`,
    [viewerId, nowMs],
  );
}

/** Takes the given accounts out of a pending invitation; returns the accounts taken out. */
export const removeInvitationAccess = async (
  db: Db,
  invitationId: number,
  accountIds: readonly number[],
  nowMs: number,
) =>
  (
    await db.query<{ account_id: number }>(
      `DELETE FROM account_invitation_access x
        USING account_invitations i
        WHERE x.invitation_id = $1 AND x.account_id = ANY($2::int[])
          AND i.invitation_id = x.invitation_id AND ${pending(3)}
        RETURNING x.account_id`,
      [invitationId, accountIds, nowMs],
    )
  ).map((row) => row.account_id);

/** Cancels an invitation that grants nothing any more. */
export const cancelIfEmpty = (db: Db, invitationId: number, nowMs: number) =>
  db.query(
    `UPDATE account_invitations i SET cancelled_at = ${at(2)}
      WHERE i.invitation_id = $1 AND i.cancelled_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM account_invitation_access x WHERE x.invitation_id = i.invitation_id)`,
    [invitationId, nowMs],
  );
