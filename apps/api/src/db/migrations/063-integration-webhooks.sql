-- Webhook delivery of integration events (issue 11), per token: where to, the signing secret (kept as
-- is: the portal must sign with it, unlike the token's own secret), and the delivery state. A token's
-- cursor is the last event its endpoint acknowledged; events go one at a time, in order.
ALTER TABLE integration_tokens ADD COLUMN webhook_url text;
ALTER TABLE integration_tokens ADD COLUMN webhook_secret text;
ALTER TABLE integration_tokens ADD COLUMN webhook_cursor bigint NOT NULL DEFAULT 0;
ALTER TABLE integration_tokens ADD COLUMN webhook_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE integration_tokens ADD COLUMN webhook_next_at timestamptz;
ALTER TABLE integration_tokens ADD COLUMN webhook_last_error text;
ALTER TABLE integration_tokens ADD COLUMN webhook_delivered_at timestamptz;
