import type { Db } from '../../db/client.ts';

/** The live (not revoked) integration token with this secret digest: its id and scopes. */
export const findActiveByHash = (db: Db, secretHash: string) =>
  db.one<{ id: number; scopes: string[] }>(
    'SELECT token_id AS id, scopes FROM integration_tokens WHERE secret_hash = $1 AND revoked_at IS NULL',
    [secretHash],
  );

/** Records use at most once a minute, so a busy feed does not write the token row on every call. */
export const touchToken = (db: Db, tokenId: number, nowMs: number) =>
  db.query(
    `UPDATE integration_tokens SET last_used_at = to_timestamp($2 / 1000.0)
      WHERE token_id = $1 AND (last_used_at IS NULL OR last_used_at < to_timestamp($2 / 1000.0) - interval '1 minute')`,
    [tokenId, nowMs],
  );
