-- An invitation grants access to one or more accounts, each at its own level, once the person
-- accepts it (decision 084). account_invitations.account_id stays the account the link names.
CREATE TABLE account_invitation_access (
  invitation_id    integer NOT NULL REFERENCES account_invitations ON DELETE CASCADE,
  account_id       integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
  is_account_admin boolean NOT NULL,
  PRIMARY KEY (invitation_id, account_id)
);
CREATE INDEX account_invitation_access_account_idx ON account_invitation_access (account_id);

INSERT INTO account_invitation_access (invitation_id, account_id, is_account_admin)
SELECT invitation_id, account_id, is_account_admin FROM account_invitations;

ALTER TABLE account_invitations ADD COLUMN cancelled_at timestamptz;
CREATE INDEX account_invitations_email_idx ON account_invitations (lower(email_nm));
