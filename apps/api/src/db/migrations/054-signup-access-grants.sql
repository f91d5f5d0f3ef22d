-- Access given by signing up with an account number and an invoice number: the account's administrators
-- are mailed a single-use link (its SHA-256 kept here) that removes it; staff list every grant.
CREATE TABLE signup_access_grants (
  grant_id         serial PRIMARY KEY,
  account_id       integer NOT NULL REFERENCES accounts (account_id) ON DELETE CASCADE,
  user_id          integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  token_hash       text NOT NULL UNIQUE,
  notified         integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL,
  revoked_at       timestamptz,
  revoked_by       text
);
CREATE INDEX signup_access_grants_created_idx ON signup_access_grants (created_at DESC);
