/** What other modules use of usage data: the catalogue, the page readers, the write path and upkeep. */
export { metrics, pages, type MetricDef, type PageName } from './catalogue.ts';
export { ingest, type IngestContext, type IngestResult } from './ingest.service.ts';
export { createLiveSink } from './live.ts';
export { ingestPoints } from './metrics.service.ts';
export type { PointIn } from './points.ts';
export { dataFreshness, seriesReader, type Column, type SeriesReader, type SeriesRef } from './series.service.ts';
export { orderNumbers } from './store.repository.ts';
export { defaultRetention, retentionOf } from './tiers.ts';
export { metricsUpkeep } from './upkeep.ts';
