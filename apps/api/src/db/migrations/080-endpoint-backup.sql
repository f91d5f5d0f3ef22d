-- Endpoint backup product page (spec services.md sections 2, 3 and 7; decision 097): the objects of
-- the kinds endpoint_agent and endpoint_image_machine of the product-objects collection, each row
-- the provider's latest report of one object. Their key columns (client_name, vm_name) are the object
-- keys, the values of their series' object_key label (modules/metrics/catalogue.ts). History
-- (protected bytes, backups and snapshots per day) is in the series, never here.
CREATE TABLE eb_agent_clients (
  base_order_id         integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  client_name           text NOT NULL,
  os                    text NOT NULL,
  agent_version         text NOT NULL,
  total_bytes_protected bigint NOT NULL,
  backup_count          integer NOT NULL,
  failed_backup_count   integer NOT NULL,
  last_backup           timestamptz,
  last_backup_status    text CHECK (last_backup_status IN ('ok', 'warning', 'error')),
  PRIMARY KEY (base_order_id, client_name)
);

CREATE TABLE eb_image_machines (
  base_order_id             integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  vm_name                   text NOT NULL,
  os                        text NOT NULL,
  total_local_storage_bytes bigint NOT NULL,
  total_snapshots           integer NOT NULL,
  missed_snapshots          integer NOT NULL,
  last_snapshot             timestamptz,
  last_snapshot_status      text CHECK (last_snapshot_status IN ('ok', 'warning', 'error')),
  PRIMARY KEY (base_order_id, vm_name)
);
