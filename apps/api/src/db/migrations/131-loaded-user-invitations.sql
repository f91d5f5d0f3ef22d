-- Invite loaded users as a background job (decision 131): the staff call queues the users of a run at
-- once; workers lease queued users and mail each once.
CREATE TABLE loaded_user_invitation_runs (
  run_id          bigserial PRIMARY KEY,
  requested_by    integer REFERENCES users ON DELETE SET NULL,
  requested_at    timestamptz NOT NULL
);

CREATE TABLE loaded_user_invitations (
  run_id       bigint NOT NULL REFERENCES loaded_user_invitation_runs ON DELETE CASCADE,
  user_id      integer NOT NULL REFERENCES users ON DELETE CASCADE,
  lease_owner  text,
  lease_until  timestamptz,
  sent_at      timestamptz,
  failed_at    timestamptz,
  PRIMARY KEY (run_id, user_id)
);

-- A user is queued at most once at a time, whichever process or press queued them.
CREATE UNIQUE INDEX loaded_user_invitations_pending_user ON loaded_user_invitations (user_id)
  WHERE sent_at IS NULL AND failed_at IS NULL;
