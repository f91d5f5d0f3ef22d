import type { CollectionName, ItemResult } from '@portal/contract';

import type { Deps } from '../../../deps.ts';
import type { BatchCounts } from '../batches.repository.ts';
import {
  applyItem,
  applyParsedSet,
  appliesSets,
  emptyCounts,
  keyTarget,
  laneCount,
  laneKey,
  parseItem,
  recordRun,
  settle,
  type Parsed,
} from '../batch.service.ts';
import { lanes } from '../lanes.ts';
import { readItems } from './read-items.ts';

/** Rows a set-based collection's import applies together (as a batch does its items). */
const setRows = 1000;

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
  if (appliesSets(options.collection)) return importSets(deps, options);
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

/**
 * The import of a set-based collection (decision 128): rows applied a thousand at a time like a batch's
 * items, the next thousand read while one is written (two in memory at most). A row whose key an earlier
 * row of the set has starts the next set, so later rows still win, as they would one by one.
 */
async function importSets(deps: Deps, options: ImportOptions): Promise<BatchCounts> {
  const startedMs = deps.clock.now();
  const counts = emptyCounts();
  let rows = 0;
  const { items, bytesRead } = readItems(options.file);
  // Each row parsed as it is read, so parsing the next rows goes on while the database writes these.
  let set: { line: number; parsed: Parsed }[] = [];
  let keys = new Set<string>();
  let writing: Promise<void> = Promise.resolve();
  const write = async (these: typeof set) => {
    const applied = await applyParsedSet(
      deps,
      options.collection,
      these.map((r) => r.parsed),
      options.dryRun,
    );
    for (const [i, { result, after }] of applied.entries()) {
      counts[result.status] += 1;
      if (result.status === 'invalid') options.onInvalid((these[i] as (typeof these)[number]).line, result);
      if (after) await after().catch(() => {});
    }
  };
  const flush = async () => {
    await writing;
    const these = set;
    set = [];
    keys = new Set();
    writing = these.length ? write(these) : Promise.resolve();
    // Handled here (so a failure while the next rows are read is no unhandled rejection), thrown at the next await.
    writing.catch(() => {});
  };
  const failure = await (async () => {
    try {
      for await (const read of items) {
        rows += 1;
        if (rows % 1000 === 0) options.onProgress?.(rows, bytesRead());
        if ('error' in read) {
          counts.invalid += 1;
          options.onInvalid(read.line, { key: '', status: 'invalid', errors: { _: [read.error] } });
          continue;
        }
        const target = keyTarget(options.collection, read.item);
        if (set.length >= setRows || (target !== null && keys.has(target))) await flush();
        set.push({ line: read.line, parsed: parseItem(options.collection, read.item) });
        if (target !== null) keys.add(target);
      }
      await flush();
      await writing;
      return null;
    } catch (error) {
      await writing.catch(() => {});
      return { error };
    }
  })();
  // A run that stopped on an unexpected error is recorded too, with the rows it applied.
  if (!options.dryRun) await recordRun(deps, { counts, tokenId: null, collection: options.collection, startedMs });
  if (failure) throw failure.error;
  return counts;
}
