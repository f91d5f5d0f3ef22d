-- Usage data at provider scale (issue 29, decision 128): every request rewrites, for each series it
-- brings points for, the series' newest point (metric_series) and its open bucket in each rollup tier.
-- Room left on every page lets those updates stay on the page (HOT: no new index entries, the old
-- versions pruned in place) instead of adding an index entry per point to every rollup's key. Only
-- pages written from now on keep the room; nothing is rewritten.
ALTER TABLE metric_series SET (fillfactor = 70);
ALTER TABLE metric_5m SET (fillfactor = 70);
ALTER TABLE metric_1h SET (fillfactor = 70);
ALTER TABLE metric_1d SET (fillfactor = 70);
