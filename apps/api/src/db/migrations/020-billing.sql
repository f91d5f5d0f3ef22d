-- Billing and communication (issue 4): inquiries, and the indexes the invoice, notification and
-- services-history queries read through. Plain PostgreSQL 15 SQL that also runs on PGlite.

-- Every inquiry a customer sends is stored before it is mailed, so nothing a customer writes is lost
-- when the mail server is down; mail_status says whether it reached the provider's inbox.
CREATE TABLE inquiries (
  inquiry_id    serial PRIMARY KEY,
  user_id       integer REFERENCES users ON DELETE SET NULL,
  -- The staff member who was signed in as the user, if any.
  actor_user_id integer REFERENCES users ON DELETE SET NULL,
  inquiry_type  text NOT NULL CHECK (inquiry_type IN ('pending', 'ticket', 'notification', 'feedback')),
  first_name    text NOT NULL,
  last_name     text NOT NULL,
  email         text NOT NULL,
  subject       text NOT NULL,
  inquiry       text NOT NULL,
  value         text,
  mail_status   text NOT NULL DEFAULT 'pending' CHECK (mail_status IN ('pending', 'sent', 'failed')),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inquiries_user_idx ON inquiries (user_id, created_at DESC);
CREATE INDEX inquiries_unsent_idx ON inquiries (created_at) WHERE mail_status <> 'sent';

-- Invoice list of one or all of a caller's accounts, newest bill first (ties by cycle).
CREATE INDEX invoices_account_bill_idx ON invoices (account_id, bill_date DESC, cycle_log_id DESC);
-- Services history CSV: the lines of an invoice in key order, for keyset paging.
CREATE INDEX invoice_products_cycle_line_idx ON invoice_products (cycle_log_id, invoice_product_id);
