-- The objects of the product-objects integration collection (decision 094) that had no table: the
-- network page's interfaces and the resource pool page's storage profiles, until now known only from
-- their series. object_key is the value of their series' object_key label (modules/metrics/catalogue.ts).
-- Buckets, resource pool VMs and managed backups keep their tables (050-052): their key columns
-- (bucket, name, resource_hash) are the object keys.
CREATE TABLE network_interfaces (
  base_order_id integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  object_key    text NOT NULL,
  name          text NOT NULL,
  alias         text,
  snmpiftype    integer NOT NULL,
  speed_bps     bigint NOT NULL,
  PRIMARY KEY (base_order_id, object_key)
);

CREATE TABLE storage_profiles (
  base_order_id integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  object_key    text NOT NULL,
  PRIMARY KEY (base_order_id, object_key)
);

-- The profiles the page already shows (the objects of its storage_bytes_used series), so reading this
-- table instead of the series loses none. Interfaces are not backfilled: their name, type and speed are
-- not in any series.
INSERT INTO storage_profiles (base_order_id, object_key)
SELECT DISTINCT base_order_id, labels->>'object_key'
  FROM metric_series
 WHERE metric = 'storage_bytes_used' AND labels ? 'object_key';

-- A managed backup is an object of one order: its resource hash is unique within the order (the
-- collection's key), so one order's item can never name, move or change another order's backup.
ALTER TABLE bs_managed_backups DROP CONSTRAINT bs_managed_backups_resource_hash_key;
ALTER TABLE bs_managed_backups ADD CONSTRAINT bs_managed_backups_order_resource UNIQUE (base_order_id, resource_hash);
DROP INDEX bs_managed_backups_order;
