import type { AccountPin } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { inCallerAccounts } from '../../db/scope.ts';

const pinAccountColumns = 'a.account_id, a.name, a.account_number, a.require_pin, (a.pin_hash IS NOT NULL) AS has_pin';

/** The caller's accounts that require a compliance PIN. */
export const findPinAccounts = (db: Db, userId: number) =>
  db.query<AccountPin>(
    `SELECT ${pinAccountColumns} FROM accounts a
      WHERE a.require_pin AND ${inCallerAccounts('a.account_id', 1)}
      ORDER BY a.name, a.account_id`,
    [userId],
  );

export const findPinAccount = (db: Db, userId: number, accountId: number) =>
  db.one<AccountPin>(
    `SELECT ${pinAccountColumns} FROM accounts a
      WHERE a.account_id = $2 AND a.require_pin AND ${inCallerAccounts('a.account_id', 1)}`,
    [userId, accountId],
  );

export const findUserEmail = (db: Db, userId: number) =>
  db.one<{ email_nm: string; first_nm: string }>('SELECT email_nm, first_nm FROM users WHERE user_id = $1', [userId]);

/** A new reset link for this user and account; earlier unused links of the same pair stop working. */
export async function insertPinReset(
  db: Db,
  r: { accountId: number; userId: number; keyHash: string; expiresAt: Date; at: Date },
) {
  await db.tx(async (tx) => {
    await tx.query('DELETE FROM pin_resets WHERE account_id = $1 AND user_id = $2 AND used_at IS NULL', [
      r.accountId,
      r.userId,
    ]);
    await tx.query(
      'INSERT INTO pin_resets (account_id, user_id, key_hash, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)',
      [r.accountId, r.userId, r.keyHash, r.expiresAt, r.at],
    );
  });
}

/**
 * Spends a reset link: only the user it was sent to, for an account they still hold that requires
 * a PIN, unused and unexpired. Returns the account, or undefined for a used or invalid link.
 */
export const spendPinReset = (db: Db, userId: number, accountId: number, keyHash: string, at: Date) =>
  db.one<{ account_id: number; account_number: string; name: string }>(
    `UPDATE pin_resets r SET used_at = $4
       FROM accounts a
      WHERE a.account_id = r.account_id AND r.key_hash = $3 AND r.account_id = $2 AND r.user_id = $1
        AND r.used_at IS NULL AND r.expires_at > $4 AND a.require_pin AND ${inCallerAccounts('a.account_id', 1)}
      RETURNING a.account_id, a.account_number, a.name`,
    [userId, accountId, keyHash, at],
  );

export const setPinHash = (db: Db, accountId: number, pinHash: string) =>
  db.query('UPDATE accounts SET pin_hash = $2 WHERE account_id = $1', [accountId, pinHash]);
