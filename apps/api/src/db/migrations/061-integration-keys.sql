-- Batch upserts of the integration API (issue 11): every item is addressed by the provider's own key,
-- so each collection gets a unique key column where the schema had none.

-- Accounts with the same company key belong to one customer company.
ALTER TABLE accounts ADD COLUMN company_key text;
CREATE INDEX accounts_company_key_idx ON accounts (company_key);

-- An account team member is the same person on every account: known by email.
CREATE UNIQUE INDEX team_members_email_key ON team_members (lower(email_nm));

-- Order components by the provider's component key; the rate keeps up to 6 decimals.
ALTER TABLE order_components ADD COLUMN component_key text;
ALTER TABLE order_components ADD COLUMN rate numeric(18,6);
CREATE UNIQUE INDEX order_components_key ON order_components (base_order_id, component_key);

-- Invoice lines carry the provider's description; the provider may send its own invoice document,
-- served instead of the one the portal renders.
ALTER TABLE invoice_products ADD COLUMN description text;
CREATE TABLE invoice_documents (
  cycle_log_id integer PRIMARY KEY REFERENCES invoices ON DELETE CASCADE,
  pdf          bytea NOT NULL,
  sha256       text NOT NULL
);

-- Payments received by the provider; an invoice's paid amount and status derive from them.
CREATE TABLE payments (
  payment_id        serial PRIMARY KEY,
  payment_reference text NOT NULL UNIQUE,
  account_id        integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
  cycle_log_id      integer REFERENCES invoices ON DELETE SET NULL,
  paid_at           timestamptz NOT NULL,
  amount            numeric(14,2) NOT NULL
);
CREATE INDEX payments_account_idx ON payments (account_id, paid_at);
CREATE INDEX payments_invoice_idx ON payments (cycle_log_id);

-- Notifications, outages and ticket messages by the provider's id.
ALTER TABLE cmc_contact_batches ADD COLUMN external_id text;
ALTER TABLE cmc_contact_batches ADD COLUMN order_numbers text[] NOT NULL DEFAULT '{}';
CREATE UNIQUE INDEX cmc_contact_batches_external_key ON cmc_contact_batches (external_id);
ALTER TABLE outages ADD COLUMN external_id text;
CREATE UNIQUE INDEX outages_external_key ON outages (external_id);
ALTER TABLE ticket_messages ADD COLUMN external_id text;
CREATE UNIQUE INDEX ticket_messages_external_key ON ticket_messages (ticket_id, external_id);

-- Every batch and import: who sent it (a token or the import command), what, how many of each outcome.
CREATE TABLE integration_batches (
  batch_id     serial PRIMARY KEY,
  token_id     integer REFERENCES integration_tokens ON DELETE SET NULL,
  source       text NOT NULL CHECK (source IN ('token', 'command')),
  collection   text NOT NULL,
  created      integer NOT NULL,
  updated      integer NOT NULL,
  unchanged    integer NOT NULL,
  invalid      integer NOT NULL,
  started_at   timestamptz NOT NULL,
  duration_ms  integer NOT NULL
);
CREATE INDEX integration_batches_started_idx ON integration_batches (started_at DESC, batch_id DESC);
CREATE INDEX integration_batches_token_idx ON integration_batches (token_id, started_at DESC);
