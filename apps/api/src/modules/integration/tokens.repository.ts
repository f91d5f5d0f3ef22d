import type { Db } from '../../db/client.ts';

export interface TokenRow {
  id: number;
  name: string;
  scopes: string[];
  created_at: number;
  last_used_at: number | null;
  webhook: {
    url: string;
    cursor: number;
    attempts: number;
    next_attempt_at: number | null;
    last_error: string | null;
    delivered_at: number | null;
    disabled_at: number | null;
    disabled_reason: string | null;
  } | null;
}

const columns = `token_id AS id, name, scopes, extract(epoch FROM created_at)::bigint AS created_at,
  extract(epoch FROM last_used_at)::bigint AS last_used_at,
  CASE WHEN webhook_url IS NULL THEN NULL ELSE json_build_object('url', webhook_url, 'cursor', webhook_cursor,
    'attempts', webhook_attempts, 'next_attempt_at', extract(epoch FROM webhook_next_at)::bigint,
    'last_error', webhook_last_error, 'delivered_at', extract(epoch FROM webhook_delivered_at)::bigint,
    'disabled_at', extract(epoch FROM webhook_disabled_at)::bigint, 'disabled_reason', webhook_disabled_reason)
  END AS webhook`;

export const insertToken = (
  db: Db,
  input: {
    name: string;
    scopes: string[];
    secretHash: string;
    userId: number | null;
    nowMs: number;
    /** The secret is stored sealed by storeWebhookSecret once the token's id is known. */
    webhook: { url: string } | null;
  },
) =>
  db.one<{ id: number }>(
    `INSERT INTO integration_tokens (name, scopes, secret_hash, created_by_user_id, created_at, webhook_url,
       webhook_cursor)
     VALUES ($1, $2, $3, $4, to_timestamp($5 / 1000.0), $6,
       -- A new webhook starts with the events that happen from now on.
       (SELECT COALESCE(max(event_id), 0) FROM integration_events))
     RETURNING token_id AS id`,
    [input.name, input.scopes, input.secretHash, input.userId, input.nowMs, input.webhook?.url ?? null],
  );

export const listActiveTokens = (db: Db) =>
  db.query<TokenRow>(
    `SELECT ${columns} FROM integration_tokens WHERE revoked_at IS NULL ORDER BY created_at DESC, token_id DESC`,
  );

/** Revokes a live token; false when there is none with that id. */
export async function revokeToken(db: Db, tokenId: number, nowMs: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE integration_tokens SET revoked_at = to_timestamp($2 / 1000.0)
      WHERE token_id = $1 AND revoked_at IS NULL RETURNING token_id`,
    [tokenId, nowMs],
  );
  return rows.length > 0;
}
