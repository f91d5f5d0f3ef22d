import type { Account } from '@portal/contract';

import type { Db } from '../../db/client.ts';

/** The caller's accounts, straight from their memberships (the scope every other query uses). */
export const findCallerAccounts = (db: Db, userId: number) =>
  db.query<Account>(
    `SELECT a.account_id, a.account_number, a.name, a.is_active, a.require_pin, a.account_status_cd,
            au.is_account_admin, a.is_2fa_required
       FROM accounts_users au JOIN accounts a ON a.account_id = au.account_id
      WHERE au.user_id = $1
      ORDER BY a.name, a.account_number`,
    [userId],
  );
