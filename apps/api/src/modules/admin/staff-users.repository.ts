import type { Db } from '../../db/client.ts';

/** Creates the staff user, or raises an existing user to the level; the user's id and whether it is new. */
export const upsertStaffUser = (db: Db, u: { email: string; firstName: string; lastName: string; level: number }) =>
  db.one<{ user_id: number; created: boolean }>(
    `INSERT INTO users (email_nm, first_nm, last_nm, password_hash, uss_admin_level)
     VALUES ($1, $2, $3, NULL, $4)
     ON CONFLICT (lower(email_nm)) DO UPDATE SET uss_admin_level = EXCLUDED.uss_admin_level, updated_at = now()
     RETURNING user_id, (xmax = 0) AS created`,
    [u.email, u.firstName, u.lastName, u.level],
  );
