-- Services, tickets, compliance PINs and resources (issue 6). Plain PostgreSQL 15 SQL that also runs on PGlite.

-- Files attached to ticket messages. The bytes live under DATA_DIR/attachments/ with a random
-- storage_name (never the customer's file name, never under the web root); this row holds what
-- the portal shows. An upload belongs to its uploader alone until a reply or a new ticket takes it
-- (message_id set); uploads never taken are removed after a day.
CREATE TABLE ticket_attachments (
  attachment_id       serial PRIMARY KEY,
  ticket_id           integer REFERENCES tickets ON DELETE CASCADE,
  message_id          integer REFERENCES ticket_messages ON DELETE CASCADE,
  uploaded_by_user_id integer REFERENCES users ON DELETE CASCADE,
  file_name           text NOT NULL,
  content_type        text NOT NULL,
  size_bytes          integer NOT NULL CHECK (size_bytes >= 0),
  storage_name        text NOT NULL UNIQUE,
  sha256              text NOT NULL,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_attachments_message_idx ON ticket_attachments (message_id);
CREATE INDEX ticket_attachments_unattached_idx ON ticket_attachments (created_at) WHERE message_id IS NULL;

-- Compliance PIN reset links: the key is stored only as its SHA-256 hash; single-use (used_at),
-- expiring, and valid only for the user it was sent to.
CREATE TABLE pin_resets (
  pin_reset_id serial PRIMARY KEY,
  account_id   integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
  user_id      integer NOT NULL REFERENCES users ON DELETE CASCADE,
  key_hash     text NOT NULL UNIQUE,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pin_resets_account_user_idx ON pin_resets (account_id, user_id) WHERE used_at IS NULL;

-- Numbers of tickets opened in the portal (the seeded ones come from the provider's helpdesk).
CREATE SEQUENCE portal_ticket_number_seq START WITH 700001;

-- Services list: the caller's orders in key order (keyset paging of the CSV), and lookups of an
-- account's orders by product.
CREATE INDEX orders_account_order_idx ON orders (account_id, base_order_id);
-- Ticket list of a caller sorted by creation, and a ticket's conversation in order.
CREATE INDEX tickets_account_created_idx ON tickets (account_id, created DESC);
