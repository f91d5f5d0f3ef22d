-- Webhook delivery once and in order (issue 27, decision 117). A delivery run holds a lease of its own
-- (owner and end, renewed while it runs), apart from webhook_next_at, which now only schedules the next
-- try after a failure. An endpoint failing since webhook_failing_since for longer than the configured
-- time is disabled, with the reason shown to staff; re-enabling clears it and resumes from the cursor.
-- webhook_secret holds the secret sealed with CONNECTOR_KEY (lib/sealed.ts); secrets stored plain before
-- this migration are sealed by the first process that starts with the key (sealPlainWebhookSecrets).
ALTER TABLE integration_tokens ADD COLUMN webhook_lease_owner text;
ALTER TABLE integration_tokens ADD COLUMN webhook_lease_until timestamptz;
ALTER TABLE integration_tokens ADD COLUMN webhook_failing_since timestamptz;
ALTER TABLE integration_tokens ADD COLUMN webhook_disabled_at timestamptz;
ALTER TABLE integration_tokens ADD COLUMN webhook_disabled_reason text;
-- The lease no longer lives in webhook_next_at: a lease taken before this migration is a due retry now.
UPDATE integration_tokens SET webhook_next_at = NULL WHERE webhook_attempts = 0;
