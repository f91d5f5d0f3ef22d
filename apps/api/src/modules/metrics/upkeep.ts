import type { Db } from '../../db/client.ts';
import { ensurePartitions } from './ingest.service.ts';
import * as store from './store.repository.ts';
import { DAY, dayStartOf, keepFrom, tiers, type Retention, type RollupTier } from './tiers.ts';

/** Days of raw partitions made ahead of time, so points of today and the next days never wait for one. */
export const partitionsAhead = 3;

/**
 * Upkeep of the usage-data tables (decision 090): raw partitions for today and the next days, then
 * retention: raw partitions wholly before what raw keeps are dropped (a cheap catalogue change, no
 * row-by-row delete), and rollup buckets before what their tier keeps are deleted.
 */
export async function metricsUpkeep(db: Db, retention: Retention, nowSeconds: number) {
  const today = dayStartOf(nowSeconds);
  await ensurePartitions(
    db,
    Array.from({ length: partitionsAhead + 1 }, (_, i) => today + i * DAY),
  );
  const keep = keepFrom(retention, nowSeconds);
  const dropped: number[] = [];
  for (const day of await store.rawPartitionDays(db))
    if (day + DAY <= keep.raw) {
      await store.dropRawPartition(db, day);
      dropped.push(day);
    }
  for (const tier of tiers.slice(1) as RollupTier[])
    if (Number.isFinite(keep[tier.name])) await store.deleteBucketsBefore(db, tier, keep[tier.name]);
  return { dropped };
}
