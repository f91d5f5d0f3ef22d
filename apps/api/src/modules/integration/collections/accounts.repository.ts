import type { AccountItem } from '@portal/contract';

import type { Db } from '../../../db/client.ts';

type Held = Omit<AccountItem, 'account_number'> & { account_id: number };

export const readAccount = (db: Db, accountNumber: string) =>
  db.one<Held>(
    `SELECT a.account_id, a.name, COALESCE(a.company_key, a.company_nm) AS company, a.require_pin, a.is_2fa_required,
       a.account_status_cd, a.is_active, a.currency,
       COALESCE((SELECT json_agg(json_build_object('email_nm', lower(m.email_nm), 'first_nm', m.first_nm,
                   'last_nm', m.last_nm, 'team_title', m.team_title, 'phones', m.phones) ORDER BY t.sort_order, m.team_member_id)
                 FROM account_team t JOIN team_members m ON m.team_member_id = t.team_member_id
                WHERE t.account_id = a.account_id), '[]') AS team
     FROM accounts a WHERE a.account_number = $1`,
    [accountNumber],
  );

/** True when a user of the account also holds an account of another company. */
export async function sharesUsersWithOtherCompany(db: Db, accountId: number, company: string): Promise<boolean> {
  const row = await db.one(
    `SELECT 1 FROM accounts_users au
       JOIN accounts_users other ON other.user_id = au.user_id AND other.account_id <> au.account_id
       JOIN accounts o ON o.account_id = other.account_id
      WHERE au.account_id = $1 AND COALESCE(o.company_key, o.company_nm) <> $2 LIMIT 1`,
    [accountId, company],
  );
  return Boolean(row);
}

/** True when the account has orders, invoices or payments: amounts stated in its currency. */
export async function holdsAmounts(db: Db, accountId: number): Promise<boolean> {
  const row = await db.one(
    `SELECT 1 WHERE EXISTS (SELECT 1 FROM orders WHERE account_id = $1)
        OR EXISTS (SELECT 1 FROM invoices WHERE account_id = $1)
        OR EXISTS (SELECT 1 FROM payments WHERE account_id = $1)`,
    [accountId],
  );
  return Boolean(row);
}

/** A new account dates from the item's time (nowMs). */
export const upsertAccount = async (db: Db, item: AccountItem, nowMs: number) =>
  (await db.one<{ account_id: number }>(
    `INSERT INTO accounts (account_number, name, company_nm, company_key, require_pin, is_2fa_required,
       account_status_cd, is_active, currency, created_at)
     VALUES ($1, $2, $3, $3, $4, $5, $6, $7, $8, to_timestamp($9::double precision / 1000))
     ON CONFLICT (account_number) DO UPDATE SET name = EXCLUDED.name, company_nm = EXCLUDED.company_nm,
       company_key = EXCLUDED.company_key, require_pin = EXCLUDED.require_pin,
       is_2fa_required = EXCLUDED.is_2fa_required, account_status_cd = EXCLUDED.account_status_cd,
       is_active = EXCLUDED.is_active, currency = EXCLUDED.currency
     RETURNING account_id`,
    [
      item.account_number,
      item.name,
      item.company,
      item.require_pin,
      item.is_2fa_required,
      item.account_status_cd,
      item.is_active,
      item.currency,
      nowMs,
    ],
  ))!.account_id;

/** Replaces the account's team; a member is one person (by email) on every account. */
export async function replaceTeam(db: Db, accountId: number, team: AccountItem['team']): Promise<void> {
  await db.query('DELETE FROM account_team WHERE account_id = $1', [accountId]);
  for (const [index, member] of team.entries()) {
    const row = await db.one<{ team_member_id: number }>(
      `INSERT INTO team_members (email_nm, first_nm, last_nm, team_title, phones) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ((lower(email_nm))) DO UPDATE SET first_nm = EXCLUDED.first_nm, last_nm = EXCLUDED.last_nm,
         team_title = EXCLUDED.team_title, phones = EXCLUDED.phones
       RETURNING team_member_id`,
      [member.email_nm, member.first_nm, member.last_nm, member.team_title, member.phones],
    );
    await db.query('INSERT INTO account_team (account_id, team_member_id, sort_order) VALUES ($1, $2, $3)', [
      accountId,
      row!.team_member_id,
      index,
    ]);
  }
}
