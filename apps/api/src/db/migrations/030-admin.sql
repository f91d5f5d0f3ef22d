-- Account administration and staff tools (spec core.md section 6).
-- Every time a staff member signs in as a customer: who, whom, when and from where. The emails are
-- copied so the record outlives either user.
CREATE TABLE login_as_user_audit (
  audit_id      serial PRIMARY KEY,
  staff_user_id integer REFERENCES users ON DELETE SET NULL,
  staff_email   text NOT NULL,
  user_id       integer REFERENCES users ON DELETE SET NULL,
  user_email    text NOT NULL,
  ip_address    text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_as_user_audit_created_idx ON login_as_user_audit (created_at DESC, audit_id DESC);

-- The administrators of an account, for the last-administrator rule and the users area.
CREATE INDEX accounts_users_admin_idx ON accounts_users (account_id) WHERE is_account_admin;
