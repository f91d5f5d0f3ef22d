-- Usage data (issue 12, decision 090): a series is an order + a metric + labels naming the object it
-- measures ({"object_key": ...} or {"component_key": ...}, {} for the order as a whole). Raw points are
-- partitioned by day (metric_raw_YYYYMMDD, created ahead and on demand, dropped by retention); only
-- modules/metrics touches these tables.
CREATE TABLE metric_series (
  series_id        serial PRIMARY KEY,
  base_order_id    integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  metric           text NOT NULL,
  labels           jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Values arrive as raw counters (interface octets, packets...) and are stored as per-second rates.
  counter          boolean NOT NULL,
  -- The newest point (last_ts, last_value) and the step between the two newest: the data's freshness.
  last_ts          timestamptz,
  last_value       double precision,
  interval_seconds integer,
  -- The newest raw counter reading, which the next reading's rate is measured from.
  counter_ts       timestamptz,
  counter_value    double precision,
  UNIQUE (base_order_id, metric, labels)
);

-- No foreign key to metric_series: a check per row would slow ingestion (a deleted series takes its
-- points with it by a trigger, 071). value is null for the first reading of a counter (no rate without
-- a previous one).
CREATE TABLE metric_raw (
  series_id integer NOT NULL,
  ts        timestamptz NOT NULL,
  value     double precision,
  counter   double precision,
  PRIMARY KEY (series_id, ts)
) PARTITION BY RANGE (ts);
