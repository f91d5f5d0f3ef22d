import type { Db } from '../../db/client.ts';

/**
 * Customers the users feed loaded (they hold an account's access) who never signed in: no password yet, and
 * no set-password link that still works (one sent within its lifetime and not used), oldest first.
 */
export const uninvitedLoadedUsers = (db: Db, nowMs: number) =>
  db.query<{ user_id: number }>(
    `SELECT u.user_id FROM users u
      WHERE u.password_hash IS NULL AND u.uss_admin_level = 0
        AND EXISTS (SELECT 1 FROM accounts_users au WHERE au.user_id = u.user_id)
        AND NOT EXISTS (SELECT 1 FROM email_verifications v
                         WHERE v.user_id = u.user_id AND v.purpose = 'set-password' AND v.used_at IS NULL
                           AND v.expires_at > to_timestamp($1::double precision / 1000))
      ORDER BY u.user_id`,
    [nowMs],
  );
