-- Every message the portal sends is recorded; without SMTP this table is the local outbox.
CREATE TABLE mail_outbox (
  mail_id     serial PRIMARY KEY,
  to_address  text NOT NULL,
  subject     text NOT NULL,
  text_body   text NOT NULL,
  html_body   text,
  links       text[] NOT NULL DEFAULT '{}',
  kind        text NOT NULL,
  status      text NOT NULL CHECK (status IN ('kept', 'sent', 'failed')),
  error       text,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);
CREATE INDEX mail_outbox_to_idx ON mail_outbox (lower(to_address), created_at DESC);
