-- Services list and CSV of one account in every sortable order (issue 6): each index matches one
-- sort expression of orders.repository.ts exactly, so a page (LIMIT/OFFSET) or a keyset batch of the
-- CSV reads only its own rows in index order instead of sorting all of the account's services.
CREATE INDEX orders_account_number_sort_idx ON orders (account_id, order_number, base_order_id);
CREATE INDEX orders_account_circuit_sort_idx ON orders (account_id, (coalesce(uss_circuit_id, '')), base_order_id);
CREATE INDEX orders_account_ref_sort_idx ON orders (account_id, (lower(coalesce(customer_ref, ''))), base_order_id);
CREATE INDEX orders_account_alias_sort_idx ON orders (account_id, (lower(coalesce(alias, ''))), base_order_id);
CREATE INDEX orders_account_mrc_sort_idx ON orders (account_id, mrc_charges, base_order_id);
