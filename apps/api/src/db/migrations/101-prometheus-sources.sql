-- Prometheus-compatible sources (issue 13, decision 101): configured by staff and by the provider's
-- tooling (integration collection prometheus-sources, key source_key). A series of an order mapped to
-- a source is not copied: its charts ask the source (query_range). The bearer token or the basic-auth
-- password is kept sealed (AES-256-GCM, key CONNECTOR_KEY) in `secret`.
CREATE TABLE prometheus_sources (
  id              serial PRIMARY KEY,
  source_key      text NOT NULL UNIQUE,
  url             text NOT NULL,
  auth            text NOT NULL CHECK (auth IN ('none', 'bearer', 'basic')),
  username        text,
  secret          text,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  last_success_at timestamptz,
  last_error      text,
  last_error_at   timestamptz
);

-- The series a source answers: one source per series of an order (metric + object_key).
CREATE TABLE prometheus_series (
  source_id     integer NOT NULL REFERENCES prometheus_sources ON DELETE CASCADE,
  position      integer NOT NULL,
  base_order_id integer NOT NULL,
  metric        text NOT NULL,
  object_key    text NOT NULL,
  promql        text NOT NULL,
  PRIMARY KEY (source_id, position),
  UNIQUE (base_order_id, metric, object_key)
);

-- Queries sent to a source, counted per minute and kept for an hour (the status page's last hour).
CREATE TABLE prometheus_query_minutes (
  source_id integer NOT NULL REFERENCES prometheus_sources ON DELETE CASCADE,
  minute    timestamptz NOT NULL,
  queries   integer NOT NULL,
  PRIMARY KEY (source_id, minute)
);
