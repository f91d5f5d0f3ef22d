import { integration, popups, type CollectionName, type FieldErrors, type ItemResult } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { validationError } from '../../plugins/error-handler.ts';
import { upserts } from './collections/index.ts';
import type { Outcome } from './collections/upsert.ts';
import { latestBatches, recentBatches, recordBatch, type BatchCounts } from './batches.repository.ts';

/** Batches a token may start per minute. */
export const batchesPerMinute = 60;

const rawKey = (item: unknown, field: string) => {
  const value = item && typeof item === 'object' ? (item as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/**
 * Runs a batch: each item is parsed on its own, then applied in its own transaction, so an invalid
 * item (bad fields, or keys naming rows that do not exist) is answered `invalid` while the others
 * apply. Work after commit (invitation mail) runs once every item is in. Every batch is recorded.
 */
export async function runBatch(
  deps: Deps,
  collection: CollectionName,
  items: unknown[],
  tokenId: number | null,
): Promise<{ results: ItemResult[] }> {
  const startedMs = deps.clock.now();
  const { item: schema, key } = integration.collections[collection];
  const upsert = upserts[collection] as (db: Deps['db'], item: unknown, ctx: object) => Promise<Outcome>;
  const results: ItemResult[] = [];
  const after: (() => Promise<void>)[] = [];
  for (const raw of items) {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      results.push({
        key: rawKey(raw, key),
        status: 'invalid',
        errors: validationError(parsed.error).data as FieldErrors,
      });
      continue;
    }
    const itemKey = String((parsed.data as Record<string, unknown>)[key]);
    try {
      const outcome = await deps.db.tx((db) => upsert(db, parsed.data, { deps, nowMs: deps.clock.now() }));
      results.push({ key: itemKey, status: outcome.status });
      if (outcome.after) after.push(outcome.after);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'VALIDATION_ERROR')) throw error;
      results.push({ key: itemKey, status: 'invalid', errors: error.data as FieldErrors });
    }
  }
  for (const work of after) {
    // A mail that fails is recorded in the outbox as failed; the user can ask for a new link.
    await work().catch(() => {});
  }
  const counts: BatchCounts = { created: 0, updated: 0, unchanged: 0, invalid: 0 };
  for (const r of results) counts[r.status] += 1;
  await recordBatch(deps.db, {
    ...counts,
    tokenId,
    collection,
    startedMs,
    durationMs: Math.max(0, deps.clock.now() - startedMs),
  });
  return { results };
}

/** TOO_MANY_ATTEMPTS once a token has started `batchesPerMinute` batches in the last minute. */
export async function assertBatchAllowed(deps: Deps, tokenId: number): Promise<void> {
  if ((await recentBatches(deps.db, tokenId, deps.clock.now())) >= batchesPerMinute) {
    throw new AppError('TOO_MANY_ATTEMPTS', popups.tooManyAttempts.body);
  }
}

/** The latest batch records, for the staff page. */
export const listBatches = (deps: Pick<Deps, 'db'>) => latestBatches(deps.db, integration.batchRecordsShown);
