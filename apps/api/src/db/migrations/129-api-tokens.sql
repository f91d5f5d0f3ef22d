-- The customer's own API (issue 33, decision 129): tokens an account administrator creates for
-- accounts they administer. Only the SHA-256 of the secret is kept; a token acts as a plain user of
-- its accounts (customer_api_token_accounts), which db/scope.ts reads beside accounts_users.
CREATE TABLE customer_api_tokens (
  token_id           serial PRIMARY KEY,
  name               text NOT NULL,
  secret_hash        text NOT NULL UNIQUE,
  secret_prefix      text NOT NULL,
  scopes             text[] NOT NULL,
  created_by_user_id integer REFERENCES users ON DELETE SET NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  expires_at         timestamptz NOT NULL,
  last_used_at       timestamptz,
  revoked_at         timestamptz
);

CREATE TABLE customer_api_token_accounts (
  token_id   integer NOT NULL REFERENCES customer_api_tokens ON DELETE CASCADE,
  account_id integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
  PRIMARY KEY (token_id, account_id)
);
CREATE INDEX customer_api_token_accounts_account_idx ON customer_api_token_accounts (account_id, token_id);
