import type { Db } from '../../db/client.ts';

export interface WebhookTarget {
  token_id: number;
  webhook_url: string;
  webhook_secret: string;
  webhook_cursor: number;
  webhook_attempts: number;
}

/**
 * Leases the tokens whose webhook is due (a minute, so another API process skips them meanwhile).
 * Only live tokens with the events scope deliver.
 */
export const leaseDueWebhooks = (db: Db, nowMs: number) =>
  db.query<WebhookTarget>(
    `UPDATE integration_tokens SET webhook_next_at = to_timestamp($1 / 1000.0) + interval '1 minute'
      WHERE webhook_url IS NOT NULL AND revoked_at IS NULL
        AND ('events' = ANY(scopes) OR 'all' = ANY(scopes))
        AND (webhook_next_at IS NULL OR webhook_next_at <= to_timestamp($1 / 1000.0))
        AND EXISTS (SELECT 1 FROM integration_events e WHERE e.event_id > webhook_cursor)
      RETURNING token_id, webhook_url, webhook_secret, webhook_cursor, webhook_attempts`,
    [nowMs],
  );

export const markDelivered = (db: Db, tokenId: number, eventId: number, nowMs: number) =>
  db.query(
    `UPDATE integration_tokens SET webhook_cursor = $2, webhook_attempts = 0, webhook_last_error = NULL,
       webhook_delivered_at = to_timestamp($3 / 1000.0) WHERE token_id = $1`,
    [tokenId, eventId, nowMs],
  );

export const markFailed = (db: Db, tokenId: number, attempts: number, nextMs: number, error: string) =>
  db.query(
    `UPDATE integration_tokens SET webhook_attempts = $2, webhook_next_at = to_timestamp($3 / 1000.0),
       webhook_last_error = $4 WHERE token_id = $1`,
    [tokenId, attempts, nextMs, error.slice(0, 500)],
  );

/** Ends a lease early: the endpoint is up to date, the next event may go at once. */
export const releaseLease = (db: Db, tokenId: number) =>
  db.query('UPDATE integration_tokens SET webhook_next_at = NULL WHERE token_id = $1', [tokenId]);
