-- Per-product service pages: the buckets of object storage orders (their latest size and object count;
-- the history lives in metric_points as bucket_size_bytes:<bucket> and bucket_objects:<bucket>).
CREATE TABLE ob_buckets (
  base_order_id integer NOT NULL REFERENCES orders ON DELETE CASCADE,
  bucket        text NOT NULL,
  size          bigint NOT NULL,
  num_objects   bigint NOT NULL,
  PRIMARY KEY (base_order_id, bucket)
);
