-- Two-factor recovery codes (decision 130): ten one-time codes per user, kept as keyed hashes.
-- A new set replaces the old one; a used code keeps its row (used_at) until the set is replaced.
CREATE TABLE recovery_codes (
  user_id    integer NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at    timestamptz,
  PRIMARY KEY (user_id, code_hash)
);
