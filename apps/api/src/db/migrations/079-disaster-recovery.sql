-- Disaster recovery page (issue 14, decision 096): the objects the provider feeds through the
-- product-objects collection as dr_protection_group and dr_vm. object_key is the value of their series'
-- object_key label (modules/metrics/catalogue.ts): a protection group's name, the provider's VM id. The
-- serial ids are what the page's URLs and calls use (vpgId, vmId). What changes day by day (actual RPO,
-- provisioned and used storage, journal) is series, not columns.
CREATE TABLE dr_protection_groups (
  vpg_id                 serial PRIMARY KEY,
  base_order_id          integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  object_key             text NOT NULL,
  configured_rpo_seconds integer NOT NULL,
  status                 text NOT NULL,
  last_test              timestamptz,
  UNIQUE (base_order_id, object_key)
);

-- A VM belongs to the protection group of its order whose object_key its vpg names.
CREATE TABLE dr_vms (
  vm_id         serial PRIMARY KEY,
  base_order_id integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  object_key    text NOT NULL,
  vm_name       text NOT NULL,
  vpg           text NOT NULL,
  UNIQUE (base_order_id, object_key)
);
CREATE INDEX dr_vms_order_vpg ON dr_vms (base_order_id, vpg, vm_name);
