-- Substring search of the services list (ILIKE '%…%' in orders.repository.ts searchWhere) backed by
-- trigram indexes, one per searched column exactly as the query names it, instead of testing every
-- service of the caller's accounts. The product name is matched in products (a handful of rows) and
-- reaches orders as product codes. Patterns shorter than 3 characters have no trigrams and still
-- test each row. The invoice search needs none: it reads only the caller's few accounts' invoices.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX orders_order_number_trgm_idx ON orders USING gin (order_number gin_trgm_ops);
CREATE INDEX orders_uss_circuit_id_trgm_idx ON orders USING gin (uss_circuit_id gin_trgm_ops);
CREATE INDEX orders_customer_ref_trgm_idx ON orders USING gin (customer_ref gin_trgm_ops);
CREATE INDEX orders_alias_trgm_idx ON orders USING gin (alias gin_trgm_ops);
