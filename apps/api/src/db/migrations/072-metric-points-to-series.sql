-- Moves the points of the old one-table model (metric_points: order + 'metric:sub-key' name) into the
-- series and tiers of 070/071 (decision 090), then drops it. Names map as modules/metrics/catalogue.ts
-- reads them: in_bits/out_bits (bits per second) become the rates of the if_in_octets/if_out_octets
-- counters (octets per second), in/out packets, errors and discards become if_in_*/if_out_*, usage:<id>
-- labels its component_key and every other sub-key is the object_key. Retention as the defaults say:
-- raw points of the last 35 days, 5-minute buckets of the last 400, hours and days all.
CREATE TEMP TABLE metric_points_mapped ON COMMIT DROP AS
SELECT p.base_order_id, m.metric, m.labels, m.counter, p.ts, p.value * m.scale AS value
  FROM metric_points p
 CROSS JOIN LATERAL (
       SELECT split_part(p.series, ':', 1) AS head,
              nullif(substr(p.series, length(split_part(p.series, ':', 1)) + 2), '') AS sub) s
 CROSS JOIN LATERAL (
       SELECT CASE
                WHEN s.head IN ('in_bits', 'out_bits') THEN 'if_' || split_part(s.head, '_', 1) || '_octets'
                WHEN s.head IN ('in_packets', 'out_packets', 'in_errors', 'out_errors', 'in_discards', 'out_discards')
                  THEN 'if_' || s.head
                ELSE s.head
              END AS metric,
              CASE
                WHEN s.sub IS NULL THEN '{}'::jsonb
                WHEN s.head = 'usage' THEN jsonb_build_object('component_key', s.sub)
                ELSE jsonb_build_object('object_key', s.sub)
              END AS labels,
              s.head IN ('in_bits', 'out_bits', 'in_packets', 'out_packets', 'in_errors', 'out_errors',
                         'in_discards', 'out_discards') AS counter,
              CASE WHEN s.head IN ('in_bits', 'out_bits') THEN 0.125 ELSE 1 END AS scale) m;

INSERT INTO metric_series (base_order_id, metric, labels, counter)
SELECT DISTINCT base_order_id, metric, labels, counter FROM metric_points_mapped;

CREATE TEMP TABLE metric_points_moved ON COMMIT DROP AS
SELECT s.series_id, m.ts, m.value
  FROM metric_points_mapped m
  JOIN metric_series s USING (base_order_id, metric, labels);

DO $$
DECLARE
  day date;
BEGIN
  FOR day IN
    SELECT DISTINCT (ts AT TIME ZONE 'UTC')::date FROM metric_points_moved
     WHERE ts >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '35 days'
  LOOP
    EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF metric_raw FOR VALUES FROM (%L) TO (%L)',
                   'metric_raw_' || to_char(day, 'YYYYMMDD'),
                   day::timestamp AT TIME ZONE 'UTC', (day + 1)::timestamp AT TIME ZONE 'UTC');
  END LOOP;
END
$$;

INSERT INTO metric_raw (series_id, ts, value)
SELECT series_id, ts, value FROM metric_points_moved
 WHERE ts >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '35 days';

INSERT INTO metric_5m (series_id, bucket, min, max, sum, count, last, last_ts)
SELECT series_id, to_timestamp(floor(extract(epoch FROM ts) / 300) * 300), min(value), max(value), sum(value),
       count(*), (array_agg(value ORDER BY ts DESC))[1], max(ts)
  FROM metric_points_moved
 WHERE ts >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '400 days'
 GROUP BY 1, 2;

INSERT INTO metric_1h (series_id, bucket, min, max, sum, count, last, last_ts)
SELECT series_id, to_timestamp(floor(extract(epoch FROM ts) / 3600) * 3600), min(value), max(value), sum(value),
       count(*), (array_agg(value ORDER BY ts DESC))[1], max(ts)
  FROM metric_points_moved
 GROUP BY 1, 2;

INSERT INTO metric_1d (series_id, bucket, min, max, sum, count, last, last_ts)
SELECT series_id, to_timestamp(floor(extract(epoch FROM ts) / 86400) * 86400), min(value), max(value), sum(value),
       count(*), (array_agg(value ORDER BY ts DESC))[1], max(ts)
  FROM metric_points_moved
 GROUP BY 1, 2;

UPDATE metric_series s
   SET last_ts = n.ts, last_value = n.value, interval_seconds = n.step
  FROM (SELECT series_id, ts, value, step
          FROM (SELECT series_id, ts, value,
                       extract(epoch FROM ts - lag(ts) OVER (PARTITION BY series_id ORDER BY ts))::integer AS step,
                       row_number() OVER (PARTITION BY series_id ORDER BY ts DESC) AS newest
                  FROM metric_points_moved) ranked
         WHERE newest = 1) n
 WHERE n.series_id = s.series_id;

DROP TABLE metric_points;
