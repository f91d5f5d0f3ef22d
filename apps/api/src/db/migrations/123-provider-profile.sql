-- The provider's identity (issue 34, decision 123): one profile naming the portal and the company behind
-- it on every page, mail and invoice PDF. One row at most (id 1); none = the deployment's settings, or a
-- neutral name. `version` grows with every save: each API process compares it to find a change.
CREATE TABLE provider_profile (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  version integer NOT NULL DEFAULT 1,
  portal_name text NOT NULL,
  company_name text NOT NULL,
  postal_address text NOT NULL DEFAULT '',
  tax_id text NOT NULL DEFAULT '',
  website text NOT NULL DEFAULT '',
  support_email text NOT NULL,
  support_phone text NOT NULL DEFAULT '',
  billing_email text NOT NULL DEFAULT '',
  billing_phone text NOT NULL DEFAULT '',
  primary_color char(7) NOT NULL CHECK (primary_color ~ '^#[0-9a-f]{6}$'),
  accent_color char(7) NOT NULL CHECK (accent_color ~ '^#[0-9a-f]{6}$'),
  mail_from_name text NOT NULL DEFAULT '',
  mail_from_address text NOT NULL DEFAULT '',
  mail_footer text NOT NULL DEFAULT '',
  locale text NOT NULL DEFAULT '',
  logo_type text CHECK (logo_type IN ('image/svg+xml', 'image/png')),
  logo bytea,
  favicon_type text CHECK (favicon_type IN ('image/svg+xml', 'image/png')),
  favicon bytea,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by integer REFERENCES users (user_id) ON DELETE SET NULL
);
