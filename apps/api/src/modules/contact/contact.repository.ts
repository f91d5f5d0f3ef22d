import type { TeamMember } from '@portal/contract';

import type { Db } from '../../db/client.ts';

export const findTeam = (db: Db, accountId: number) =>
  db.query<TeamMember>(
    `SELECT tm.team_member_id, tm.avatar, tm.first_nm, tm.last_nm, tm.team_title, tm.email_nm,
            COALESCE((SELECT json_agg(json_build_object('phone', p)) FROM unnest(tm.phones) AS p), '[]'::json) AS phones
       FROM account_team t JOIN team_members tm ON tm.team_member_id = t.team_member_id
      WHERE t.account_id = $1
      ORDER BY t.sort_order, tm.last_nm`,
    [accountId],
  );

export interface NewInquiry {
  userId: number;
  actorUserId: number | null;
  inquiry_type: string;
  first_name: string;
  last_name: string;
  email: string;
  subject: string;
  inquiry: string;
  value: string | null;
}

export const insertInquiry = (db: Db, i: NewInquiry) =>
  db.one<{ inquiry_id: number; created_at: string }>(
    `INSERT INTO inquiries (user_id, actor_user_id, inquiry_type, first_name, last_name, email, subject, inquiry, value)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING inquiry_id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') AS created_at`,
    [i.userId, i.actorUserId, i.inquiry_type, i.first_name, i.last_name, i.email, i.subject, i.inquiry, i.value],
  );

export const setInquiryMailStatus = (db: Db, inquiryId: number, status: 'sent' | 'failed') =>
  db.query('UPDATE inquiries SET mail_status = $2 WHERE inquiry_id = $1', [inquiryId, status]);

/** Who sent it, as the portal knows them: the signed-in user and their accounts. */
export async function findInquirer(db: Db, userId: number) {
  const user = await db.one<{ user_id: number; email_nm: string; first_nm: string; last_nm: string }>(
    'SELECT user_id, email_nm, first_nm, last_nm FROM users WHERE user_id = $1',
    [userId],
  );
  const accounts = await db.query<{ account_number: string; name: string; company_nm: string }>(
    `SELECT a.account_number, a.name, a.company_nm
       FROM accounts_users au JOIN accounts a ON a.account_id = au.account_id
      WHERE au.user_id = $1 ORDER BY a.account_number`,
    [userId],
  );
  return { user, accounts };
}
