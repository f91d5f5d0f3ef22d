-- Customer API tokens upload ticket attachments (issue 33, decision 132). A token's upload belongs to
-- the token, as the tickets and replies it writes do (no user): until a ticket or reply of the same
-- token takes it, no one else (not even the token's creator) may attach it.
ALTER TABLE ticket_attachments
  ADD COLUMN uploaded_by_token_id integer REFERENCES customer_api_tokens ON DELETE CASCADE;
ALTER TABLE ticket_attachments
  ADD CONSTRAINT ticket_attachments_one_uploader CHECK (uploaded_by_user_id IS NULL OR uploaded_by_token_id IS NULL);
