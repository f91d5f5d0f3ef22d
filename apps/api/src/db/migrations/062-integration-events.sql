-- What customers do that the provider's systems must act on (issue 11), in order. Each row is written
-- in the same transaction as the change it reports; writers take one advisory lock first, so ids are
-- assigned in commit order and a reader paging by id never skips an event that commits late.
CREATE TABLE integration_events (
  event_id    bigserial PRIMARY KEY,
  type        text NOT NULL,
  account_id  integer REFERENCES accounts ON DELETE SET NULL,
  occurred_at timestamptz NOT NULL,
  data        jsonb NOT NULL
);
