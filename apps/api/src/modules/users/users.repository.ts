import type { PortalUser } from '@portal/contract';

import type { Db } from '../../db/client.ts';
import { inCallerAccounts } from '../../db/scope.ts';
import { likePattern, limitOffset } from '../../lib/paging.ts';

export const findAuthenticatedUser = (db: Db, userId: number) =>
  db.one<{
    user_id: number;
    email_nm: string;
    first_nm: string;
    last_nm: string;
    two_factor_enabled: boolean;
    uss_admin_level: number;
    avatar: string | null;
    accounts_users: { account_id: number; is_account_admin: boolean }[];
  }>(
    `SELECT u.user_id, u.email_nm, u.first_nm, u.last_nm, u.two_factor_enabled, u.uss_admin_level, u.avatar,
            COALESCE((SELECT json_agg(json_build_object('account_id', au.account_id, 'is_account_admin', au.is_account_admin)
                                      ORDER BY au.account_id)
                        FROM accounts_users au WHERE au.user_id = u.user_id), '[]'::json) AS accounts_users
       FROM users u WHERE u.user_id = $1`,
    [userId],
  );

/**
 * The portal-user shape an administrator sees. `$1` is the viewer (a user, or minus an API token's
 * id): memberships are listed only for accounts of the viewer's, so nothing of another company leaks
 * through a shared user.
 */
const portalUserColumns = `u.user_id, u.email_nm, u.first_nm, u.last_nm, u.two_factor_enabled,
  (u.email_verified_at IS NOT NULL) AS email_verified,
  COALESCE((SELECT json_agg(json_build_object('account_id', t.account_id, 'is_account_admin', t.is_account_admin)
                            ORDER BY t.account_id)
              FROM accounts_users t
             WHERE t.user_id = u.user_id AND ${inCallerAccounts('t.account_id', 1)}), '[]'::json) AS accounts_users`;

/**
 * Whose users the viewer (`$1`) reads: a user those of the accounts they administer; an API token with
 * `users:read` those of its own accounts (decision 132), read-only.
 */
export type UserReach = 'administered' | 'accounts';
const visibleTo: Record<UserReach, string> = {
  administered: `EXISTS (
  SELECT 1 FROM accounts_users m JOIN accounts_users v ON v.account_id = m.account_id AND v.user_id = $1 AND v.is_account_admin
   WHERE m.user_id = u.user_id)`,
  accounts: `EXISTS (SELECT 1 FROM accounts_users m WHERE m.user_id = u.user_id AND ${inCallerAccounts('m.account_id', 1)})`,
};

const userSort = { email_nm: 'lower(u.email_nm)', first_nm: 'lower(u.first_nm)', last_nm: 'lower(u.last_nm)' } as const;

export interface UserFilter {
  page: number;
  perPage: number;
  search?: string;
  sort?: keyof typeof userSort;
  order?: 'asc' | 'desc';
}

export async function findUsersPage(db: Db, viewerId: number, filter: UserFilter, reach: UserReach) {
  const params: unknown[] = [viewerId];
  const where = [visibleTo[reach]];
  if (filter.search) {
    params.push(likePattern(filter.search));
    const n = params.length;
    where.push(`(u.email_nm ILIKE $${n} OR u.first_nm ILIKE $${n} OR u.last_nm ILIKE $${n}
                 OR (u.first_nm || ' ' || u.last_nm) ILIKE $${n})`);
  }
  const order = filter.order === 'desc' ? 'DESC' : 'ASC';
  const sort = filter.sort ? `${userSort[filter.sort]} ${order}, ` : '';
  const { limit, offset } = limitOffset(filter.page, filter.perPage);
  params.push(limit, offset);
  return db.query<PortalUser & { total_count: number }>(
    `SELECT ${portalUserColumns}, count(*) OVER () AS total_count
       FROM users u
      WHERE ${where.join(' AND ')}
      ORDER BY ${sort}lower(u.last_nm), lower(u.first_nm), u.user_id
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}

/** One user, only when the viewer reaches them (see `visibleTo`). */
export const findVisibleUser = (db: Db, viewerId: number, userId: number, reach: UserReach) =>
  db.one<PortalUser>(`SELECT ${portalUserColumns} FROM users u WHERE u.user_id = $2 AND ${visibleTo[reach]}`, [
    viewerId,
    userId,
  ]);

export interface UserRow {
  user_id: number;
  email_nm: string;
  first_nm: string;
  last_nm: string;
  uss_admin_level: number;
  token_version: number;
}
const userRowColumns = 'user_id, email_nm, first_nm, last_nm, uss_admin_level, token_version';

export const findUserByEmail = (db: Db, email: string) =>
  db.one<UserRow>(`SELECT ${userRowColumns} FROM users WHERE lower(email_nm) = lower($1)`, [email]);

export const findUserById = (db: Db, userId: number) =>
  db.one<UserRow>(`SELECT ${userRowColumns} FROM users WHERE user_id = $1`, [userId]);

/** Creates a user whose email is not yet verified; returns the new id, or null when the email is taken. */
export async function insertUser(
  db: Db,
  user: { email_nm: string; first_nm: string; last_nm: string; password_hash: string },
): Promise<number | null> {
  const row = await db.one<{ user_id: number }>(
    `INSERT INTO users (email_nm, first_nm, last_nm, password_hash)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (lower(email_nm)) DO NOTHING
     RETURNING user_id`,
    [user.email_nm, user.first_nm, user.last_nm, user.password_hash],
  );
  return row?.user_id ?? null;
}
