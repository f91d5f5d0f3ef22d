import type { Db } from '../../db/client.ts';

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
