import type { StaffAccount } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { likePattern, limitOffset } from '../../lib/paging.ts';

/** Every account with the staff member's (`$1`) own access level: 0 none, 1 user, 2 admin. */
const staffAccountColumns = `a.account_id, a.account_number, a.name, a.company_nm, a.is_active, a.account_status_cd,
  CASE WHEN mine.user_id IS NULL THEN 0 WHEN mine.is_account_admin THEN 2 ELSE 1 END AS access_level`;
const staffAccountFrom = `accounts a LEFT JOIN accounts_users mine ON mine.account_id = a.account_id AND mine.user_id = $1`;

const accountSort = {
  account_number: 'a.account_number',
  name: 'lower(a.name)',
  company_nm: 'lower(a.company_nm)',
  account_status_cd: 'a.account_status_cd',
  access_level: 'access_level',
} as const;

export interface AccountFilter {
  page: number;
  perPage: number;
  sort?: keyof typeof accountSort;
  order?: 'asc' | 'desc';
  search?: string;
  searchUser?: string;
}

/** A page of all accounts; `search` matches the account, `searchUser` any of its users (email or name). */
export async function findAccountsPage(db: Db, staffId: number, filter: AccountFilter) {
  const params: unknown[] = [staffId];
  const where: string[] = [];
  if (filter.search) {
    params.push(likePattern(filter.search));
    const n = params.length;
    where.push(`(a.account_number ILIKE $${n} OR a.name ILIKE $${n} OR a.company_nm ILIKE $${n})`);
  }
  if (filter.searchUser) {
    params.push(likePattern(filter.searchUser));
    const n = params.length;
    where.push(`EXISTS (SELECT 1 FROM accounts_users su JOIN users u ON u.user_id = su.user_id
                         WHERE su.account_id = a.account_id
                           AND (u.email_nm ILIKE $${n} OR (u.first_nm || ' ' || u.last_nm) ILIKE $${n}))`);
  }
  const order = filter.order === 'desc' ? 'DESC' : 'ASC';
  const sort = filter.sort ? `${accountSort[filter.sort]} ${order}, ` : '';
  const { limit, offset } = limitOffset(filter.page, filter.perPage);
  params.push(limit, offset);
  return db.query<StaffAccount & { total_count: number }>(
    `SELECT ${staffAccountColumns}, count(*) OVER () AS total_count
       FROM ${staffAccountFrom}
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY ${sort}lower(a.name), a.account_number
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}

export const findStaffAccount = (db: Db, staffId: number, accountId: number) =>
  db.one<StaffAccount>(`SELECT ${staffAccountColumns} FROM ${staffAccountFrom} WHERE a.account_id = $2`, [
    staffId,
    accountId,
  ]);

/** The account requires two-factor sign-in and the user has not turned it on (access would lock them out). */
export const wouldNeedTwoFactor = async (db: Db, userId: number, accountId: number) =>
  (
    await db.one<{ locked: boolean }>(
      `SELECT (a.is_2fa_required AND NOT u.two_factor_enabled) AS locked
         FROM accounts a, users u WHERE a.account_id = $2 AND u.user_id = $1`,
      [userId, accountId],
    )
  )?.locked === true;

/** Gives the staff member user access to every account of another user; returns the ids newly added. */
export const grantUserAccounts = async (db: Db, staffId: number, userId: number) =>
  (
    await db.query<{ account_id: number }>(
      `INSERT INTO accounts_users (account_id, user_id, is_account_admin)
       SELECT au.account_id, $1, false FROM accounts_users au WHERE au.user_id = $2
       ON CONFLICT (account_id, user_id) DO NOTHING
       RETURNING account_id`,
      [staffId, userId],
    )
  )
    .map((row) => row.account_id)
    .sort((a, b) => a - b);
