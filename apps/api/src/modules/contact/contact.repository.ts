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
