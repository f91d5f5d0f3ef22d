-- Currency per account (issue 34, decision 120): every amount of an account (its orders, invoices and
-- payments) is in the account's currency, an ISO 4217 code. Existing accounts are in dollars, the spec's.
ALTER TABLE accounts ADD COLUMN currency char(3) NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$');
