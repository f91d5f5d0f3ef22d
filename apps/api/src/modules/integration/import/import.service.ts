import type { CollectionName, ItemResult } from '@portal/contract';

import type { Deps } from '../../../deps.ts';
import type { BatchCounts } from '../batches.repository.ts';
import { applyItem, emptyCounts, laneCount, laneKey, recordRun, settle } from '../batch.service.ts';
import { lanes } from '../lanes.ts';
import { readItems } from './read-items.ts';

export interface ImportOptions {
  collection: CollectionName;
  file: string;
  dryRun: boolean;
  /** Each invalid row, as it is met (so nothing accumulates in memory). */
  onInvalid: (line: number, result: ItemResult) => void;
  /** Every 1,000 rows: rows read, and bytes of the file read so far. */
  onProgress?: (rows: number, bytesRead: number) => void;
}

/**
 * Applies a file's items with the same validation and upsert services as the batch call, a bounded
 * number of rows at a time (constant memory whatever the file's size). A dry run applies nothing. A real run is
 * recorded in the audit table as a command.
 */
export async function importFile(deps: Deps, options: ImportOptions): Promise<BatchCounts> {
  const startedMs = deps.clock.now();
  const counts = emptyCounts();
  let rows = 0;
  const { items, bytesRead } = readItems(options.file);
  // Rows of one account stay in file order; a few accounts are applied side by side (see runBatch).
  const run = lanes(laneCount(deps, 'import'));
  const failure = await settle(async () => {
    for await (const read of items) {
      rows += 1;
      if (rows % 1000 === 0) options.onProgress?.(rows, bytesRead());
      if ('error' in read) {
        counts.invalid += 1;
        options.onInvalid(read.line, { key: '', status: 'invalid', errors: { _: [read.error] } });
        continue;
      }
      await run.push(laneKey(options.collection, read.item), async () => {
        const { result, after } = await applyItem(deps, options.collection, read.item, options.dryRun);
        counts[result.status] += 1;
        if (result.status === 'invalid') options.onInvalid(read.line, result);
        if (after) await after().catch(() => {});
      });
    }
  }, run);
  // A run that stopped on an unexpected error is recorded too, with the rows it applied.
  if (!options.dryRun) await recordRun(deps, { counts, tokenId: null, collection: options.collection, startedMs });
  if (failure) throw failure.error;
  return counts;
}
