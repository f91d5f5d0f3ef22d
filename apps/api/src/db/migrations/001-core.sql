-- Core entities of spec core.md section 3 and services.md section 3.
-- Plain PostgreSQL 15 SQL: it runs unchanged on PGlite and on PostgreSQL.

CREATE TABLE users (
  user_id            serial PRIMARY KEY,
  email_nm           text NOT NULL,
  first_nm           text NOT NULL,
  last_nm            text NOT NULL,
  password_hash      text,
  uss_admin_level    integer NOT NULL DEFAULT 0,
  two_factor_enabled boolean NOT NULL DEFAULT false,
  two_factor_secret  text,
  totp_last_step     bigint,
  email_verified_at  timestamptz,
  token_version      integer NOT NULL DEFAULT 0,
  avatar             text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email_nm));

CREATE TABLE accounts (
  account_id        serial PRIMARY KEY,
  account_number    text NOT NULL UNIQUE,
  name              text NOT NULL,
  company_nm        text NOT NULL,
  is_active         boolean NOT NULL DEFAULT true,
  require_pin       boolean NOT NULL DEFAULT false,
  pin_hash          text,
  account_status_cd char(1) NOT NULL DEFAULT 'A',
  is_2fa_required   boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accounts_name_idx ON accounts (lower(name));

CREATE TABLE accounts_users (
  account_id       integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
  user_id          integer NOT NULL REFERENCES users ON DELETE CASCADE,
  is_account_admin boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, user_id)
);
CREATE INDEX accounts_users_user_idx ON accounts_users (user_id, account_id);

CREATE TABLE team_members (
  team_member_id serial PRIMARY KEY,
  first_nm       text NOT NULL,
  last_nm        text NOT NULL,
  team_title     text NOT NULL,
  email_nm       text NOT NULL,
  avatar         text,
  phones         text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE account_team (
  account_id     integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
  team_member_id integer NOT NULL REFERENCES team_members ON DELETE CASCADE,
  sort_order     integer NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, team_member_id)
);

CREATE TABLE products (
  product_cd         text PRIMARY KEY,
  product            text NOT NULL,
  short_product_name text NOT NULL,
  product_controller text NOT NULL,
  product_group      text NOT NULL,
  active             boolean NOT NULL DEFAULT true
);

CREATE TABLE orders (
  base_order_id       serial PRIMARY KEY,
  account_id          integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
  order_number        text NOT NULL,
  product_cd          text NOT NULL REFERENCES products,
  order_status_cd     char(1) NOT NULL DEFAULT 'A', -- A active, P pending, D disconnected
  uss_circuit_id      text,
  customer_ref        text,
  alias               text,
  mrc_charges         numeric(14,4) NOT NULL DEFAULT 0,
  contract_start_date date,
  term_cd             text,
  order_term_cd       text,
  order_term          text,
  project_manager_id  integer REFERENCES team_members,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_account_idx ON orders (account_id, order_status_cd, base_order_id);
CREATE INDEX orders_account_product_idx ON orders (account_id, product_cd);
CREATE UNIQUE INDEX orders_number_key ON orders (order_number);

CREATE TABLE order_components (
  component_id    serial PRIMARY KEY,
  base_order_id   integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  description     text NOT NULL,
  unit_of_measure text,
  quantity        numeric(14,4) NOT NULL DEFAULT 1,
  mrc_charges     numeric(14,4) NOT NULL DEFAULT 0,
  sort_order      integer NOT NULL DEFAULT 0
);
CREATE INDEX order_components_order_idx ON order_components (base_order_id);

CREATE TABLE tickets (
  ticket_id                 serial PRIMARY KEY,
  ticket_number             text NOT NULL UNIQUE,
  account_id                integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
  base_order_id             integer REFERENCES orders ON DELETE SET NULL,
  opened_by_user_id         integer REFERENCES users ON DELETE SET NULL,
  subject                   text NOT NULL,
  status                    text NOT NULL,
  impact                    text,
  contact_name              text,
  contact_email             text,
  contact_phone             text,
  request_customer_response boolean NOT NULL DEFAULT false,
  created                   timestamptz NOT NULL DEFAULT now(),
  last_update_posted        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tickets_account_idx ON tickets (account_id, last_update_posted DESC);
CREATE INDEX tickets_response_idx ON tickets (account_id) WHERE request_customer_response;

CREATE TABLE ticket_messages (
  message_id  serial PRIMARY KEY,
  ticket_id   integer NOT NULL REFERENCES tickets ON DELETE CASCADE,
  author_type text NOT NULL CHECK (author_type IN ('customer', 'provider')),
  author_nm   text NOT NULL,
  user_id     integer REFERENCES users ON DELETE SET NULL,
  body        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ticket_messages_ticket_idx ON ticket_messages (ticket_id, created_at);

CREATE TABLE invoices (
  cycle_log_id         serial PRIMARY KEY,
  account_id           integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
  invoice_number       text NOT NULL,
  bill_date            date NOT NULL,
  due_date             date NOT NULL,
  total_amt_due        numeric(14,2) NOT NULL,
  amount_paid          numeric(14,2) NOT NULL DEFAULT 0,
  monthly_charges      numeric(14,2) NOT NULL DEFAULT 0,
  late_payment_charges numeric(14,2) NOT NULL DEFAULT 0,
  adjustments          numeric(14,2) NOT NULL DEFAULT 0,
  taxes_fees_other     numeric(14,2) NOT NULL DEFAULT 0,
  governmental_charges numeric(14,2) NOT NULL DEFAULT 0,
  balance_forward      numeric(14,2) NOT NULL DEFAULT 0,
  is_downloadable      boolean NOT NULL DEFAULT true
);
CREATE INDEX invoices_account_idx ON invoices (account_id, bill_date DESC);
CREATE UNIQUE INDEX invoices_number_key ON invoices (invoice_number);

CREATE TABLE invoice_products (
  invoice_product_id serial PRIMARY KEY,
  cycle_log_id       integer NOT NULL REFERENCES invoices ON DELETE CASCADE,
  base_order_id      integer REFERENCES orders ON DELETE SET NULL,
  product_cd         text NOT NULL REFERENCES products,
  price              numeric(14,4) NOT NULL
);
CREATE INDEX invoice_products_cycle_idx ON invoice_products (cycle_log_id);

CREATE TABLE cmc_contact_batches (
  batch_id                 serial PRIMARY KEY,
  kind                     text NOT NULL CHECK (kind IN ('maintenance', 'outage')),
  subject                  text NOT NULL,
  service_affecting        boolean NOT NULL DEFAULT false,
  description_of_work      text NOT NULL,
  scheduled_event          text,
  area                     text,
  ticket_number            text NOT NULL,
  duration_of_interruption text,
  window_start_time        timestamptz NOT NULL,
  window_end_time          timestamptz NOT NULL,
  circuits_affected        text,
  created_at               timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE cmc_contact_emails (
  cmc_contact_email_id serial PRIMARY KEY,
  batch_id             integer NOT NULL REFERENCES cmc_contact_batches ON DELETE CASCADE,
  account_id           integer NOT NULL REFERENCES accounts ON DELETE CASCADE,
  circuit_ids          text,
  created_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cmc_contact_emails_account_idx ON cmc_contact_emails (account_id, created_at DESC);
CREATE INDEX cmc_contact_emails_batch_idx ON cmc_contact_emails (batch_id);

CREATE TABLE outages (
  outage_id  serial PRIMARY KEY,
  message    text NOT NULL,
  starts_at  timestamptz NOT NULL DEFAULT now(),
  ends_at    timestamptz
);

CREATE TABLE legal_agreements (
  legal_agreement_id serial PRIMARY KEY,
  title              text NOT NULL,
  body               text NOT NULL,
  active             boolean NOT NULL DEFAULT true,
  created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE legal_acceptances (
  user_id            integer NOT NULL REFERENCES users ON DELETE CASCADE,
  legal_agreement_id integer NOT NULL REFERENCES legal_agreements ON DELETE CASCADE,
  accepted_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, legal_agreement_id)
);

CREATE TABLE resource_categories (
  id        serial PRIMARY KEY,
  title     text NOT NULL,
  parent_id integer REFERENCES resource_categories ON DELETE CASCADE,
  sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE resources (
  id                    serial PRIMARY KEY,
  category_id           integer NOT NULL REFERENCES resource_categories ON DELETE CASCADE,
  title                 text NOT NULL,
  excerpt               text NOT NULL,
  body                  text NOT NULL,
  image_url             text,
  thumbnail_url         text,
  post_date             timestamptz NOT NULL,
  alternative_link_url  text,
  alternative_link_text text
);
CREATE INDEX resources_category_idx ON resources (category_id, post_date DESC);

-- Time series of every product page (backup sizes, traffic, storage, usage...): one row per point.
CREATE TABLE metric_points (
  base_order_id integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  series        text NOT NULL,
  ts            timestamptz NOT NULL,
  value         double precision NOT NULL,
  PRIMARY KEY (base_order_id, series, ts)
);
