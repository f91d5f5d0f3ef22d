-- Backup as a service product page: the managed backups of bs orders and their runs. Storage history
-- lives in metric_points (header of db/seed/metrics.ts); protected item counts and rates come from
-- the order's order_components (see modules/products/backup-service.service.ts).
CREATE TABLE bs_managed_backups (
  id            integer PRIMARY KEY,
  base_order_id integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  resource_hash text NOT NULL UNIQUE,
  title         text NOT NULL
);
CREATE INDEX bs_managed_backups_order ON bs_managed_backups (base_order_id);

CREATE TABLE bs_backup_runs (
  managed_backup_id integer NOT NULL REFERENCES bs_managed_backups ON DELETE CASCADE,
  ran_at            timestamptz NOT NULL,
  status            text NOT NULL CHECK (status IN ('ok', 'error')),
  PRIMARY KEY (managed_backup_id, ran_at)
);
