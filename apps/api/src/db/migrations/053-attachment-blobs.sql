-- Attachment bytes in the database when it is PostgreSQL (DATABASE_URL), so every API process behind a
-- load balancer serves every upload. Chunked (256 KiB a row) so uploads and downloads stream.
CREATE TABLE attachment_blobs (
  storage_name text NOT NULL,
  chunk_no     integer NOT NULL,
  data         bytea NOT NULL,
  PRIMARY KEY (storage_name, chunk_no)
);
