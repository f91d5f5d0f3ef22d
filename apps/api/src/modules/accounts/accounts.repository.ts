import type { Account, AccessLevel } from '@portal/contract';

import type { Db } from '../../db/client.ts';

const accountColumns = `a.account_id, a.account_number, a.name, a.is_active, a.require_pin, a.account_status_cd,
            au.is_account_admin, a.is_2fa_required, a.currency`;

/** The caller's accounts, straight from their memberships (the scope every other query uses). */
export const findCallerAccounts = (db: Db, userId: number) =>
  db.query<Account>(
    `SELECT ${accountColumns}
       FROM accounts_users au JOIN accounts a ON a.account_id = au.account_id
      WHERE au.user_id = $1
      ORDER BY a.name, a.account_number`,
    [userId],
  );

/** One of the caller's accounts, in the shape of get-accounts. */
export const findCallerAccount = (db: Db, userId: number, accountId: number) =>
  db.one<Account>(
    `SELECT ${accountColumns}
       FROM accounts_users au JOIN accounts a ON a.account_id = au.account_id
      WHERE au.user_id = $1 AND au.account_id = $2`,
    [userId, accountId],
  );

/** A user's memberships: account id and admin flag. */
export const findMemberships = (db: Db, userId: number) =>
  db.query<{ account_id: number; is_account_admin: boolean }>(
    'SELECT account_id, is_account_admin FROM accounts_users WHERE user_id = $1 ORDER BY account_id',
    [userId],
  );

/** The ids of the accounts a user administers. */
export const findAdministeredAccountIds = async (db: Db, userId: number) =>
  (
    await db.query<{ account_id: number }>(
      'SELECT account_id FROM accounts_users WHERE user_id = $1 AND is_account_admin ORDER BY account_id',
      [userId],
    )
  ).map((row) => row.account_id);

/** Locks accounts for a membership change, so two administrators cannot demote each other at once. */
export const lockAccounts = (db: Db, accountIds: readonly number[]) =>
  db.query('SELECT account_id FROM accounts WHERE account_id = ANY($1::int[]) ORDER BY account_id FOR UPDATE', [
    accountIds,
  ]);

/** Sets a user's access to an account: 0 removes the membership, 1 user, 2 administrator. */
export async function setAccess(db: Db, userId: number, accountId: number, level: AccessLevel): Promise<void> {
  if (level === 0) {
    await db.query('DELETE FROM accounts_users WHERE user_id = $1 AND account_id = $2', [userId, accountId]);
    return;
  }
  await db.query(
    `INSERT INTO accounts_users (account_id, user_id, is_account_admin) VALUES ($1, $2, $3)
     ON CONFLICT (account_id, user_id) DO UPDATE SET is_account_admin = EXCLUDED.is_account_admin`,
    [accountId, userId, level === 2],
  );
}

/** Removes a user's memberships in the given accounts; returns the account ids removed. */
export const removeMemberships = async (db: Db, userId: number, accountIds: readonly number[]) =>
  (
    await db.query<{ account_id: number }>(
      'DELETE FROM accounts_users WHERE user_id = $1 AND account_id = ANY($2::int[]) RETURNING account_id',
      [userId, accountIds],
    )
  )
    .map((row) => row.account_id)
    .sort((a, b) => a - b);

/** Of the given accounts, the numbers of those that have members but no administrator left. */
export const findAccountsWithoutAdmin = async (db: Db, accountIds: readonly number[]) =>
  (
    await db.query<{ account_number: string }>(
      `SELECT a.account_number FROM accounts a
        WHERE a.account_id = ANY($1::int[])
          AND NOT EXISTS (SELECT 1 FROM accounts_users au WHERE au.account_id = a.account_id AND au.is_account_admin)
        ORDER BY a.account_number`,
      [accountIds],
    )
  ).map((row) => row.account_number);

/** The account an account number and one of its invoice numbers point to, if they match. */
export const findAccountByInvoice = (db: Db, accountNumber: string, invoiceNumber: string) =>
  db.one<{ account_id: number; has_admin: boolean }>(
    `SELECT a.account_id,
            EXISTS (SELECT 1 FROM accounts_users au WHERE au.account_id = a.account_id AND au.is_account_admin) AS has_admin
       FROM accounts a JOIN invoices i ON i.account_id = a.account_id
      WHERE a.account_number = $1 AND i.invoice_number = $2`,
    [accountNumber, invoiceNumber],
  );

/** The ids of the given accounts that require two-factor sign-in now. */
export const findTwoFactorRequired = async (db: Db, accountIds: readonly number[]) =>
  (
    await db.query<{ account_id: number }>(
      'SELECT account_id FROM accounts WHERE account_id = ANY($1::int[]) AND is_2fa_required',
      [accountIds],
    )
  ).map((row) => row.account_id);

export const hasTwoFactor = async (db: Db, userId: number) =>
  (await db.one<{ two_factor_enabled: boolean }>('SELECT two_factor_enabled FROM users WHERE user_id = $1', [userId]))
    ?.two_factor_enabled === true;

/** Sets the two-factor requirement of the given accounts: on for `required`, off for the rest. */
export const setTwoFactorRequired = (db: Db, accountIds: readonly number[], required: readonly number[]) =>
  db.query('UPDATE accounts SET is_2fa_required = (account_id = ANY($2::int[])) WHERE account_id = ANY($1::int[])', [
    accountIds,
    required,
  ]);
