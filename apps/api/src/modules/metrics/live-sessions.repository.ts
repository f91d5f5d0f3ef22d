import type { Db } from '../../db/client.ts';

/** What an open live stream was allowed by: its token's user and token version, and its order. */
export interface LiveSession {
  userId: number;
  tokenVersion: number;
  baseOrderId: number;
}

export const sessionKey = (s: LiveSession) => `${s.userId}:${s.tokenVersion}:${s.baseOrderId}`;

/**
 * The keys of the sessions that still hold, in one query however many: the user's token version is
 * still the token's (sign-out everywhere, a password change and a staff revocation raise it, as the
 * route helper checks on every call), and the order is still in one of the user's accounts (the
 * `inCallerAccounts` rule, per session).
 */
export async function heldSessions(db: Db, sessions: readonly LiveSession[]): Promise<Set<string>> {
  if (sessions.length === 0) return new Set();
  const rows = await db.query<{ user_id: number; tv: number; base_order_id: number }>(
    `SELECT s.user_id, s.tv, s.base_order_id
       FROM unnest($1::int[], $2::int[], $3::int[]) AS s(user_id, tv, base_order_id)
       JOIN users u ON u.user_id = s.user_id AND u.token_version = s.tv
       JOIN orders o ON o.base_order_id = s.base_order_id
      WHERE o.account_id IN (SELECT au.account_id FROM accounts_users au WHERE au.user_id = s.user_id)`,
    [sessions.map((s) => s.userId), sessions.map((s) => s.tokenVersion), sessions.map((s) => s.baseOrderId)],
  );
  return new Set(rows.map((r) => sessionKey({ userId: r.user_id, tokenVersion: r.tv, baseOrderId: r.base_order_id })));
}

/**
 * Sends live-update notifications on the channel, in order and in one statement (a request of 10,000 points
 * needs dozens), delivered when the caller's transaction commits.
 */
export const notifyLive = (db: Db, channel: string, payloads: readonly string[]) =>
  db.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS u(p, i) ORDER BY i', [
    channel,
    payloads,
  ]);
