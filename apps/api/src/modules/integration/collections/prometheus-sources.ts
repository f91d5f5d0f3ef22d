import type { integration } from '@portal/contract';

import { applySource, configOfItem } from '../../connectors/prometheus/prometheus.service.ts';
import type { Upsert } from './upsert.ts';

/**
 * prometheus-sources by source_key (scope metrics, decision 101): the source, its sealed token or
 * password, and the series of orders it answers, replaced by the item's. The key that seals comes
 * from the configuration, so only a running API applies these items (the demo seed feeds none).
 */
export const upsertPrometheusSourceItem: Upsert<integration.PrometheusSourceItem> = async (db, item, ctx) => {
  if (!ctx.deps) throw new Error('prometheus-sources: applying an item needs the configuration (CONNECTOR_KEY)');
  return { status: await applySource(db, ctx.deps.env, configOfItem(item), ctx.nowMs) };
};
