import type { Db } from '../../db/client.ts';

/**
 * Records an accepted captcha answer; false when it was already spent (single use, across every
 * API process). Spent answers are forgotten once their challenge has expired anyway.
 */
export async function spendCaptcha(
  db: Db,
  challengeId: string,
  expiresAtSeconds: number,
  nowMs: number,
): Promise<boolean> {
  await db.query('DELETE FROM captcha_spent WHERE expires_at < to_timestamp($1::double precision / 1000)', [nowMs]);
  const row = await db.one(
    `INSERT INTO captcha_spent (challenge_id, expires_at) VALUES ($1, to_timestamp($2))
     ON CONFLICT (challenge_id) DO NOTHING RETURNING challenge_id`,
    [challengeId, expiresAtSeconds],
  );
  return Boolean(row);
}
