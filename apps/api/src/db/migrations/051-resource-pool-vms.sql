-- Resource pool product page: the VMs of resource pool orders (name, memory and vCPU count; the pool's
-- usage history lives in metric_points, see the header of db/seed/metrics.ts).
CREATE TABLE resource_pool_vms (
  base_order_id  integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  name           text NOT NULL,
  memory_bytes   bigint NOT NULL,
  number_of_cpus integer NOT NULL,
  PRIMARY KEY (base_order_id, name)
);
