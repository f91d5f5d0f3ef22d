-- SNMP devices the poller reads (issue 13, decision 100): configured by staff and by the provider's
-- tooling (integration collection snmp-devices, key device_key). The community or the v3 keys are kept
-- encrypted (AES-256-GCM, key CONNECTOR_KEY) in `secret`; nothing else of them is stored.
CREATE TABLE snmp_devices (
  id               serial PRIMARY KEY,
  device_key       text NOT NULL UNIQUE,
  address          text NOT NULL,
  port             integer NOT NULL DEFAULT 161,
  version          text NOT NULL CHECK (version IN ('2c', '3')),
  -- v3 only: the user and protocols (not secret); the keys are in `secret`.
  v3_user          text,
  v3_auth_protocol text,
  v3_priv_protocol text,
  secret           text NOT NULL,
  interval_seconds integer NOT NULL DEFAULT 60 CHECK (interval_seconds >= 5),
  -- [{if_name | if_index, order_number, object_key}], in the order given.
  interfaces       jsonb NOT NULL,
  -- Bumped on every change: a poll that started before a change does not overwrite the new schedule.
  revision         integer NOT NULL DEFAULT 1,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  -- Scheduling and the lease: a worker owns a device's poll until lease_until (then another may take it).
  next_run_at      timestamptz NOT NULL,
  lease_owner      text,
  lease_until      timestamptz,
  last_success_at  timestamptz,
  last_error       text,
  last_error_at    timestamptz
);
CREATE INDEX snmp_devices_due ON snmp_devices (next_run_at);

-- One row per finished poll that stored points, kept for an hour: points stored in the last hour.
CREATE TABLE snmp_polls (
  device_id  integer NOT NULL REFERENCES snmp_devices ON DELETE CASCADE,
  polled_at  timestamptz NOT NULL,
  points     integer NOT NULL
);
CREATE INDEX snmp_polls_device_time ON snmp_polls (device_id, polled_at);
