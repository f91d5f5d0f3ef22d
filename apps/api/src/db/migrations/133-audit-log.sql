-- The accounts' audit log (issue 32, decision 133): who did what and when. One entry per action,
-- shown in the log of each account it names (audit_entry_accounts). Names, emails and the token's name
-- are copied so an entry outlives the user, staff member or token. Entries older than
-- AUDIT_RETENTION_DAYS are removed by the retention job.
CREATE TABLE audit_entries (
  entry_id      bigserial PRIMARY KEY,
  occurred_at   timestamptz NOT NULL,
  kind          text NOT NULL,
  user_id       integer REFERENCES users ON DELETE SET NULL,
  user_name     text,
  user_email    text,
  staff_user_id integer REFERENCES users ON DELETE SET NULL,
  staff_name    text,
  staff_email   text,
  reason        text,
  token_id      integer REFERENCES customer_api_tokens ON DELETE SET NULL,
  token_name    text,
  call_id       text,
  address       text,
  subject       text,
  detail        text
);
CREATE INDEX audit_entries_occurred_idx ON audit_entries (occurred_at);
CREATE INDEX audit_entries_staff_sign_in_idx ON audit_entries (occurred_at DESC, entry_id DESC)
  WHERE kind = 'staff.signed_in_as';

CREATE TABLE audit_entry_accounts (
  entry_id    bigint NOT NULL REFERENCES audit_entries ON DELETE CASCADE,
  account_id  integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
  occurred_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, occurred_at, entry_id)
);
CREATE INDEX audit_entry_accounts_entry_idx ON audit_entry_accounts (entry_id);

-- The record of staff signing in as customers (030) becomes entries of the log, in the accounts the
-- user has now; it had no reason.
INSERT INTO audit_entries (occurred_at, kind, user_id, user_name, user_email, staff_user_id, staff_name, staff_email,
                           address)
SELECT l.created_at, 'staff.signed_in_as', l.user_id, NULLIF(trim(concat_ws(' ', u.first_nm, u.last_nm)), ''),
       l.user_email, l.staff_user_id, COALESCE(NULLIF(trim(concat_ws(' ', s.first_nm, s.last_nm)), ''), l.staff_email),
       l.staff_email, l.ip_address
  FROM login_as_user_audit l
  LEFT JOIN users u ON u.user_id = l.user_id
  LEFT JOIN users s ON s.user_id = l.staff_user_id
 ORDER BY l.created_at, l.audit_id;
INSERT INTO audit_entry_accounts (entry_id, account_id, occurred_at)
SELECT e.entry_id, au.account_id, e.occurred_at
  FROM audit_entries e JOIN accounts_users au ON au.user_id = e.user_id;
DROP TABLE login_as_user_audit;
