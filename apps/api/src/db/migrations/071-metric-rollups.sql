-- Rollups of metric_raw (decision 090): one row per series and 5-minute, hour or day bucket with the
-- minimum, maximum, sum and count of the values and the newest value (last, at last_ts). Kept current by
-- the ingestion service as points arrive; charts read the coarsest tier that still fills it.
-- No foreign keys: a per-row check would cost more than the row's own insert; a series' points and
-- buckets go with it by the statement trigger below.
CREATE TABLE metric_5m (
  series_id integer NOT NULL,
  bucket    timestamptz NOT NULL,
  min       double precision NOT NULL,
  max       double precision NOT NULL,
  sum       double precision NOT NULL,
  count     integer NOT NULL,
  last      double precision NOT NULL,
  last_ts   timestamptz NOT NULL,
  PRIMARY KEY (series_id, bucket)
);
CREATE TABLE metric_1h (LIKE metric_5m INCLUDING ALL);
CREATE TABLE metric_1d (LIKE metric_5m INCLUDING ALL);

CREATE FUNCTION metric_series_gone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM metric_raw WHERE series_id IN (SELECT series_id FROM gone);
  DELETE FROM metric_5m WHERE series_id IN (SELECT series_id FROM gone);
  DELETE FROM metric_1h WHERE series_id IN (SELECT series_id FROM gone);
  DELETE FROM metric_1d WHERE series_id IN (SELECT series_id FROM gone);
  RETURN NULL;
END
$$;

CREATE TRIGGER metric_series_gone AFTER DELETE ON metric_series
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION metric_series_gone();
