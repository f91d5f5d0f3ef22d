-- Online payments (issue 30, decision 127): customers pay invoices through a payment provider (Stripe
-- first). Card data never reaches the portal: the provider's hosted page takes it, the portal keeps ids.

-- The provider's customer of an account (created on first use), and the account's autopay choice.
CREATE TABLE payment_accounts (
  account_id          integer PRIMARY KEY REFERENCES accounts ON DELETE CASCADE,
  provider            text NOT NULL,
  customer_ref        text NOT NULL,
  -- off, or charge the default method for each new invoice `autopay_days_before` days before its due date.
  autopay             boolean NOT NULL DEFAULT false,
  autopay_days_before integer NOT NULL DEFAULT 0 CHECK (autopay_days_before BETWEEN 0 AND 28),
  -- Invoices billed on or after this day are "new" for autopay.
  autopay_since       date,
  UNIQUE (provider, customer_ref)
);

-- Saved payment methods: what the page lists (brand, last 4 or bank, expiry), never the card itself.
CREATE TABLE payment_methods (
  payment_method_id serial PRIMARY KEY,
  account_id        integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
  provider_ref      text NOT NULL UNIQUE,
  kind              text NOT NULL,
  brand             text,
  last4             text,
  exp_month         integer,
  exp_year          integer,
  bank_name         text,
  is_default        boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL
);
CREATE INDEX payment_methods_account_idx ON payment_methods (account_id, created_at);
CREATE UNIQUE INDEX payment_methods_default_key ON payment_methods (account_id) WHERE is_default;

-- Every payment the portal took or tried, with the provider's ids. While it is processing or succeeded
-- it is counted through a `payments` row of the same payment_reference (source 'portal'), until billing
-- sends that payment itself and the row becomes billing's.
CREATE TABLE portal_payments (
  portal_payment_id serial PRIMARY KEY,
  payment_reference text NOT NULL UNIQUE,
  account_id        integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
  cycle_log_id      integer REFERENCES invoices ON DELETE SET NULL,
  amount            numeric(14,2) NOT NULL CHECK (amount > 0),
  currency          char(3) NOT NULL,
  status            text NOT NULL CHECK (status IN ('open', 'processing', 'requires_action', 'succeeded', 'failed',
                      'canceled', 'refunded', 'disputed')),
  amount_refunded   numeric(14,2) NOT NULL DEFAULT 0,
  autopay           boolean NOT NULL DEFAULT false,
  user_id           integer REFERENCES users ON DELETE SET NULL,
  session_ref       text UNIQUE,
  intent_ref        text UNIQUE,
  charge_ref        text,
  failure_message   text,
  receipt_sent      boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL,
  updated_at        timestamptz NOT NULL
);
CREATE INDEX portal_payments_account_idx ON portal_payments (account_id, created_at DESC);
-- One autopay charge per invoice, whichever process claims it first: the claim is the lease.
CREATE UNIQUE INDEX portal_payments_autopay_key ON portal_payments (cycle_log_id) WHERE autopay;

-- Provider events applied, by the provider's event id: a second delivery of one changes nothing.
CREATE TABLE payment_provider_events (
  event_ref   text PRIMARY KEY,
  type        text NOT NULL,
  received_at timestamptz NOT NULL
);

-- Who recorded a payment: billing (the integration API, the default) or the portal (until billing sends it).
ALTER TABLE payments ADD COLUMN source text NOT NULL DEFAULT 'billing' CHECK (source IN ('billing', 'portal'));
