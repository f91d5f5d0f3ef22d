-- Provider integration tokens (issue 11). The secret is a 256-bit random string shown once; only its
-- SHA-256 is kept, so a leaked table opens nothing and a request finds its token by an index look-up.
CREATE TABLE integration_tokens (
  token_id           serial PRIMARY KEY,
  name               text NOT NULL,
  scopes             text[] NOT NULL,
  secret_hash        text NOT NULL UNIQUE,
  created_by_user_id integer REFERENCES users ON DELETE SET NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  last_used_at       timestamptz,
  revoked_at         timestamptz
);
CREATE INDEX integration_tokens_active_idx ON integration_tokens (created_at DESC) WHERE revoked_at IS NULL;
