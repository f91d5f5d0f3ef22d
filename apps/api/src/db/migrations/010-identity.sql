-- Identity: links sent by mail (password reset, email verification, invitations) and spent captchas.
-- Every link token is stored only as its SHA-256 hash, is single-use (used_at) and expires.

CREATE TABLE password_resets (
  reset_id    serial PRIMARY KEY,
  user_id     integer NOT NULL REFERENCES users ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

-- purpose 'verify-email': a new address to confirm; 'set-password': an invited user without a password yet.
CREATE TABLE email_verifications (
  verification_id serial PRIMARY KEY,
  user_id         integer NOT NULL REFERENCES users ON DELETE CASCADE,
  email_nm        text NOT NULL,
  purpose         text NOT NULL CHECK (purpose IN ('verify-email', 'set-password')),
  token_hash      text NOT NULL UNIQUE,
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_verifications_user_idx ON email_verifications (user_id);

-- An invitation to create a portal user on an account (s/create-account/{accountId}/{hash}/...).
CREATE TABLE account_invitations (
  invitation_id      serial PRIMARY KEY,
  account_id         integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
  email_nm           text NOT NULL,
  first_nm           text,
  last_nm            text,
  is_account_admin   boolean NOT NULL DEFAULT false,
  token_hash         text NOT NULL UNIQUE,
  invited_by_user_id integer REFERENCES users ON DELETE SET NULL,
  expires_at         timestamptz NOT NULL,
  used_at            timestamptz,
  used_by_user_id    integer REFERENCES users ON DELETE SET NULL,
  created_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_invitations_account_idx ON account_invitations (account_id);

-- Until when a user whose address is not verified yet may still sign in (set when a verification
-- starts: account creation, email change). NULL: an unverified user may not sign in.
ALTER TABLE users ADD COLUMN unverified_sign_in_until timestamptz;

-- Captcha answers already accepted, kept until their challenge expires (a captcha is single-use).
CREATE TABLE captcha_spent (
  challenge_id text PRIMARY KEY,
  expires_at   timestamptz NOT NULL
);
CREATE INDEX captcha_spent_expires_idx ON captcha_spent (expires_at);
