/** What other modules use of usage data: the catalogue, the stored series' reads, the write path and upkeep. */
export { metrics, pages, type MetricDef, type PageName, type SeriesLabel } from './catalogue.ts';
export { ingest, type IngestContext, type IngestResult } from './ingest.service.ts';
export { createLiveSink } from './live.ts';
export { ingestPoints, requireCallerOrder } from './metrics.service.ts';
export { labelsKey, type PointIn } from './points.ts';
export {
  bucketSummary,
  groupedRows,
  orderNumbers,
  orderSeries,
  rawSums,
  valuesAt,
  type SeriesRow,
} from './store.repository.ts';
export {
  bucketOf,
  chooseTier,
  defaultRetention,
  keepFrom,
  retentionOf,
  stepTier,
  tiers,
  type RollupTier,
} from './tiers.ts';
export { metricsUpkeep } from './upkeep.ts';
