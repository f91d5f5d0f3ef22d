-- Maintenance calendar (decision 138). A notice's revision: `sequence` counts the provider's updates
-- that change what its calendar event shows (the ICS SEQUENCE), `updated_at` is when the last one came
-- (its DTSTAMP and LAST-MODIFIED), `cancelled` is the provider calling the work off (STATUS:CANCELLED).
ALTER TABLE cmc_contact_batches ADD COLUMN sequence integer NOT NULL DEFAULT 0;
ALTER TABLE cmc_contact_batches ADD COLUMN cancelled boolean NOT NULL DEFAULT false;
ALTER TABLE cmc_contact_batches ADD COLUMN updated_at timestamptz;
UPDATE cmc_contact_batches SET updated_at = created_at;
ALTER TABLE cmc_contact_batches ALTER COLUMN updated_at SET NOT NULL;
ALTER TABLE cmc_contact_batches ALTER COLUMN updated_at SET DEFAULT now();

-- One private feed address per user: only the SHA-256 of its secret is kept. Renewing replaces the
-- row (the old address answers 404 at once); turning the feed off deletes it.
CREATE TABLE calendar_feeds (
  user_id     integer PRIMARY KEY REFERENCES users (user_id) ON DELETE CASCADE,
  secret_hash text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL,
  last_read_at timestamptz
);
