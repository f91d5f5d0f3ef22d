import type { Db } from '../../db/client.ts';

/** Replaces the user's set of recovery codes with these hashes (none: the user has no codes). */
export async function replaceRecoveryCodes(db: Db, userId: number, hashes: string[], now: Date): Promise<void> {
  await db.tx(async (tx) => {
    await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
    if (hashes.length)
      await tx.query(
        `INSERT INTO recovery_codes (user_id, code_hash, created_at)
         SELECT $1, h, $3 FROM unnest($2::text[]) AS h`,
        [userId, hashes, now],
      );
  });
}

/** Marks an unused code used; null when the user has no such unused code. Answers how many are left. */
export const useRecoveryCode = (db: Db, userId: number, hash: string, now: Date) =>
  db.one<{ left: number }>(
    `WITH used AS (
       UPDATE recovery_codes SET used_at = $3
        WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING user_id)
     SELECT (SELECT count(*) FROM recovery_codes r WHERE r.user_id = $1 AND r.used_at IS NULL)::int - 1 AS left
       FROM used`,
    [userId, hash, now],
  );
