import type { Db } from '../../db/client.ts';

export interface WebhookTarget {
  token_id: number;
  webhook_url: string;
  /** Sealed with CONNECTOR_KEY (webhookSecretAad). */
  webhook_secret: string;
  webhook_cursor: number;
  webhook_attempts: number;
  /** Epoch ms of the first failure since the last success; null while the endpoint answers. */
  failing_since_ms: number | null;
}

const at = (param: string) => `to_timestamp(${param}::float8 / 1000)`;

/**
 * Leases the tokens whose webhook is due to `owner` until `untilMs` (decision 117): no other delivery
 * run, in this process or another, takes a token while its lease lasts, and the run renews it while it
 * sends. Only live tokens with the events scope and an enabled webhook deliver.
 */
export const leaseDueWebhooks = (db: Db, owner: string, nowMs: number, untilMs: number) =>
  db.query<WebhookTarget>(
    `UPDATE integration_tokens SET webhook_lease_owner = $1, webhook_lease_until = ${at('$3')}
      WHERE webhook_url IS NOT NULL AND revoked_at IS NULL AND webhook_disabled_at IS NULL
        AND ('events' = ANY(scopes) OR 'all' = ANY(scopes))
        AND (webhook_next_at IS NULL OR webhook_next_at <= ${at('$2')})
        AND (webhook_lease_until IS NULL OR webhook_lease_until <= ${at('$2')})
        AND EXISTS (SELECT 1 FROM integration_events e WHERE e.event_id > webhook_cursor)
      RETURNING token_id, webhook_url, webhook_secret, webhook_cursor, webhook_attempts,
        (extract(epoch FROM webhook_failing_since) * 1000)::float8 AS failing_since_ms`,
    [owner, nowMs, untilMs],
  );

/** Extends the owner's lease; false when it is no longer the owner's (another run took it over). */
export async function renewLease(db: Db, tokenId: number, owner: string, untilMs: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE integration_tokens SET webhook_lease_until = ${at('$3')}
      WHERE token_id = $1 AND webhook_lease_owner = $2 RETURNING token_id`,
    [tokenId, owner, untilMs],
  );
  return rows.length > 0;
}

/**
 * Records the endpoint's acknowledgement of an event: only by the lease's owner, and only forward
 * (the cursor never goes back to an event before it). False when nothing was recorded.
 */
export async function markDelivered(db: Db, tokenId: number, owner: string, eventId: number, nowMs: number) {
  const rows = await db.query(
    `UPDATE integration_tokens SET webhook_cursor = $3, webhook_attempts = 0, webhook_last_error = NULL,
       webhook_failing_since = NULL, webhook_delivered_at = ${at('$4')}
      WHERE token_id = $1 AND webhook_lease_owner = $2 AND webhook_cursor < $3 RETURNING token_id`,
    [tokenId, owner, eventId, nowMs],
  );
  return rows.length > 0;
}

/** Records a failed attempt (by the lease's owner): the next try, the error, since when it fails. */
export const markFailed = (
  db: Db,
  tokenId: number,
  owner: string,
  failure: { attempts: number; nextMs: number; error: string; nowMs: number },
) =>
  db.query(
    `UPDATE integration_tokens SET webhook_attempts = $3, webhook_next_at = ${at('$4')}, webhook_last_error = $5,
       webhook_failing_since = COALESCE(webhook_failing_since, ${at('$6')})
      WHERE token_id = $1 AND webhook_lease_owner = $2`,
    [tokenId, owner, failure.attempts, failure.nextMs, failure.error.slice(0, 500), failure.nowMs],
  );

/** Disables a failing webhook with its reason; answers whom to tell (the staff user who created the token). */
export const disableWebhook = (db: Db, tokenId: number, owner: string, nowMs: number, reason: string) =>
  db.one<{ name: string; email_nm: string | null; first_nm: string | null }>(
    `UPDATE integration_tokens t SET webhook_disabled_at = ${at('$3')}, webhook_disabled_reason = $4
      WHERE t.token_id = $1 AND t.webhook_lease_owner = $2
      RETURNING t.name, (SELECT email_nm FROM users WHERE user_id = t.created_by_user_id) AS email_nm,
        (SELECT first_nm FROM users WHERE user_id = t.created_by_user_id) AS first_nm`,
    [tokenId, owner, nowMs, reason.slice(0, 1000)],
  );

/** Turns a disabled webhook back on: it resumes from its cursor at once. False when there is none. */
export async function enableWebhook(db: Db, tokenId: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE integration_tokens SET webhook_disabled_at = NULL, webhook_disabled_reason = NULL,
       webhook_attempts = 0, webhook_next_at = NULL, webhook_failing_since = NULL
      WHERE token_id = $1 AND revoked_at IS NULL AND webhook_url IS NOT NULL RETURNING token_id`,
    [tokenId],
  );
  return rows.length > 0;
}

/** Ends the owner's lease: the endpoint is up to date (or failed), the next run may take it. */
export const releaseLease = (db: Db, tokenId: number, owner: string) =>
  db.query(
    `UPDATE integration_tokens SET webhook_lease_owner = NULL, webhook_lease_until = NULL
      WHERE token_id = $1 AND webhook_lease_owner = $2`,
    [tokenId, owner],
  );

/** Webhook secrets still stored plain (before migration 117): they are sealed at start. */
export const plainWebhookSecrets = (db: Db) =>
  db.query<{ token_id: number; webhook_secret: string }>(
    `SELECT token_id, webhook_secret FROM integration_tokens WHERE webhook_secret LIKE 'whsec\\_%'`,
  );

/** Replaces a plain secret by its sealed form, unless another process did so meanwhile. */
export const replacePlainSecret = (db: Db, tokenId: number, plain: string, sealed: string) =>
  db.query(`UPDATE integration_tokens SET webhook_secret = $3 WHERE token_id = $1 AND webhook_secret = $2`, [
    tokenId,
    plain,
    sealed,
  ]);

/** Stores a new token's sealed secret (it is sealed with the token's id, known once the row is in). */
export const storeWebhookSecret = (db: Db, tokenId: number, sealed: string) =>
  db.query(`UPDATE integration_tokens SET webhook_secret = $2 WHERE token_id = $1`, [tokenId, sealed]);
