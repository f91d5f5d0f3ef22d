-- Batches refused as a whole (issue 34, decision 124): a body that is not a batch, too many items, too large.
-- They are recorded like the others, with no item counted and the answer's code and first field error, so
-- staff see a feed that never got through as well as one whose items were invalid.
ALTER TABLE integration_batches ADD COLUMN refused text;
ALTER TABLE integration_batches ADD COLUMN refused_detail text;
