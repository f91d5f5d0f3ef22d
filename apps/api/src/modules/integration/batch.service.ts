import { setImmediate as nextTurn } from 'node:timers/promises';

import {
  integration,
  validationMessages,
  type CollectionName,
  type FieldErrors,
  type ItemResult,
} from '@portal/contract';

import type { FastifyError } from 'fastify';
import pLimit, { type LimitFunction } from 'p-limit';
import { ZodError } from 'zod';

import type { Deps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { Release } from '../../lib/in-flight.ts';
import { tooManyAttempts } from '../../lib/rate-limiter.ts';
import { answerFor, validationError } from '../../plugins/error-handler.ts';
import { unstorableTextFields } from '../../plugins/route.ts';
import { setUpserts, upserts } from './collections/index.ts';
import type { Outcome, SetOutcome, UpsertContext, UpsertSet } from './collections/upsert.ts';
import { latestBatches, recentBatches, recordBatch, type BatchCounts, type Refusal } from './batches.repository.ts';
import { lanes } from './lanes.ts';

/** Batches a token may start per minute. */
export const batchesPerMinute = 60;

const rawKey = (item: unknown, field: string) => {
  const value = item && typeof item === 'object' ? (item as Record<string, unknown>)[field] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
};

/**
 * The field errors of an item its schema refused. A field the collection does not know is named
 * itself (zod reports the object holding it), so the provider learns it was not taken.
 */
function itemErrors(collection: CollectionName, error: ZodError): FieldErrors {
  const unknown = error.issues.filter((issue) => issue.code === 'unrecognized_keys');
  const errors = validationError(new ZodError(error.issues.filter((issue) => issue.code !== 'unrecognized_keys')))
    .data as FieldErrors;
  for (const issue of unknown)
    for (const field of issue.keys)
      (errors[[...issue.path, field].join('.')] ??= []).push(
        integration.integrationMessages.notInCollection(collection),
      );
  return errors;
}

/** Thrown inside a dry run's transaction so that nothing it wrote stays. */
class DryRun<T> extends Error {
  constructor(readonly outcome: T) {
    super('dry run');
  }
}

/** An item parsed with its collection's schema (canonical form) and its key, or its answer when refused. */
export type Parsed = { key: string; item: unknown } | { result: ItemResult };

export function parseItem(collection: CollectionName, raw: unknown): Parsed {
  const { item: schema, key } = integration.collections[collection];
  // Texts no column can hold (a NUL, a lone surrogate) refuse this item only (Call.checkedPerItem).
  const unstorable = raw && typeof raw === 'object' ? unstorableTextFields(raw as Record<string, unknown>) : [];
  if (unstorable.length) {
    const errors = Object.fromEntries(unstorable.map((field) => [field, [validationMessages.type]]));
    return { result: { key: rawKey(raw, key), status: 'invalid', errors } };
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success)
    return { result: { key: rawKey(raw, key), status: 'invalid', errors: itemErrors(collection, parsed.error) } };
  return { key: String((parsed.data as Record<string, unknown>)[key]), item: parsed.data };
}

type Applied = { result: ItemResult; after?: () => Promise<void> };

/**
 * Parses one item with its collection's schema and applies it in its own transaction. An invalid
 * item (bad fields, or keys naming rows that do not exist) comes back `invalid` with field errors.
 * A dry run goes as far as the writes and rolls them back, so its answer is what a real run would do.
 */
export async function applyItem(
  deps: Deps,
  collection: CollectionName,
  raw: unknown,
  dryRun = false,
): Promise<Applied> {
  // Each item starts on a turn of the event loop of its own: items that need no database (refused by
  // their schema) would otherwise run a whole batch in one turn while customers' requests wait.
  await nextTurn();
  const parsed = parseItem(collection, raw);
  if ('result' in parsed) return parsed;
  return applyParsed(deps, collection, parsed.key, parsed.item, dryRun);
}

/** What an upsert is given besides its item, from the batch's dependencies. */
const contextOf = (deps: Deps): UpsertContext => ({
  deps,
  nowMs: deps.clock.now(),
  invoiceDaysAhead: deps.env.INTEGRATION_INVOICE_DAYS_AHEAD,
});

async function applyParsed(
  deps: Deps,
  collection: CollectionName,
  itemKey: string,
  item: unknown,
  dryRun: boolean,
): Promise<Applied> {
  const upsert = upserts[collection] as (db: Deps['db'], item: unknown, ctx: object) => Promise<Outcome>;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const outcome = await deps.db.tx(async (db) => {
        const done = await upsert(db, item, contextOf(deps));
        if (dryRun) throw new DryRun(done);
        return done;
      });
      return { result: { key: itemKey, status: outcome.status }, ...(outcome.after ? { after: outcome.after } : {}) };
    } catch (error) {
      if (error instanceof DryRun) return { result: { key: itemKey, status: (error.outcome as Outcome).status } };
      // Items applied side by side (or two feeds at once) can both insert a shared row, e.g. one team
      // member of two accounts: the loser rolls back whole and, tried again, finds the row there.
      const code = (error as { code?: unknown }).code;
      if (attempt < maxAttempts && retryable.has(String(code))) continue;
      if (error instanceof AppError && error.code === 'VALIDATION_ERROR')
        return { result: { key: itemKey, status: 'invalid', errors: error.data as FieldErrors } };
      // The last line of defence behind the schemas' bounds: a value the database refused (data exception,
      // constraint) rolled back this item's transaction only, so it is this item's answer, not the batch's.
      if (typeof code === 'string' && /^2[23]/.test(code)) {
        const errors = { _: [integration.integrationMessages.unstorable] };
        return { result: { key: itemKey, status: 'invalid', errors } };
      }
      throw error;
    }
  }
}

/** True when a collection's batches are applied set-based (see applySet). */
export const appliesSets = (collection: CollectionName) => setUpserts[collection] !== undefined;

/**
 * Applies items of a set-based collection (decision 128), answered in item order: each parsed, then
 * the valid ones applied together in one transaction by the collection's set upsert, which reads what
 * they refer to and what is held once and writes each table once. The items must have distinct keys
 * (a batch refuses repeats; an import starts a new set at one). A value the database still refuses,
 * which the checks did not foresee, rolls the set back; its items are then applied one by one, so one
 * bad item never costs the others. A dry run rolls back whatever it wrote.
 */
export async function applySet(
  deps: Deps,
  collection: CollectionName,
  raws: readonly unknown[],
  dryRun = false,
): Promise<Applied[]> {
  const parsed: Parsed[] = [];
  for (const [index, raw] of raws.entries()) {
    // Parsing a thousand items is a while: customers' requests get turns in between.
    if (index % 100 === 0) await nextTurn();
    parsed.push(parseItem(collection, raw));
  }
  return applyParsedSet(deps, collection, parsed, dryRun);
}

/** applySet of items already parsed (an import parses the next rows while the previous ones are written). */
export async function applyParsedSet(
  deps: Deps,
  collection: CollectionName,
  parsed: readonly Parsed[],
  dryRun = false,
): Promise<Applied[]> {
  const apply = setUpserts[collection] as UpsertSet<unknown>;
  const out: Applied[] = new Array(parsed.length);
  const valid: { index: number; key: string; item: unknown }[] = [];
  for (const [index, p] of parsed.entries()) {
    if ('result' in p) out[index] = p;
    else valid.push({ index, ...p });
  }
  if (valid.length === 0) return out;
  let outcomes: SetOutcome[] | undefined;
  for (let attempt = 1; !outcomes; attempt += 1) {
    try {
      outcomes = await deps.db.tx(async (db) => {
        const done = await apply(
          db,
          valid.map((v) => v.item),
          contextOf(deps),
        );
        if (dryRun) throw new DryRun(done);
        return done;
      });
    } catch (error) {
      if (error instanceof DryRun) outcomes = error.outcome as SetOutcome[];
      else {
        const code = String((error as { code?: unknown }).code);
        if (attempt < maxAttempts && retryable.has(code)) continue;
        if (!/^2[23]/.test(code)) throw error;
        for (const v of valid) out[v.index] = await applyParsed(deps, collection, v.key, v.item, dryRun);
        return out;
      }
    }
  }
  valid.forEach((v, i) => {
    const outcome = outcomes[i];
    if (!outcome) throw new Error('integration: a set upsert answered fewer outcomes than items');
    out[v.index] =
      outcome.status === 'invalid'
        ? { result: { key: v.key, status: 'invalid', errors: outcome.errors } }
        : { result: { key: v.key, status: outcome.status }, ...(outcome.after ? { after: outcome.after } : {}) };
  });
  return out;
}

/** unique_violation, serialization_failure, deadlock_detected: a concurrent writer won; trying again is safe. */
const retryable = new Set(['23505', '40001', '40P01']);
const maxAttempts = 3;

/**
 * How many items are applied at once on PostgreSQL (each in its own transaction, on its own pooled
 * connection): the work per item is mostly waiting for round trips, so a few side by side multiply
 * the throughput (5,000 products imported: 1 lane 13.8 s, 4 lanes 8.2 s, 8 lanes 5.1 s). A batch call
 * takes 4 of the server's 10 connections, so customers' calls still get theirs; the import command
 * has its process's pool to itself. The embedded database runs one transaction at a time: one lane.
 */
export const laneCount = (deps: Pick<Deps, 'db'>, use: 'batch' | 'import') =>
  deps.db.kind !== 'postgres' ? 1 : use === 'batch' ? 4 : 8;

/**
 * The lane of an item: items of one account (or, without one, of one key) are applied in their order,
 * one after another, so rules that sum or compare an account's rows (an invoice's paid amount) never
 * see two of its items half-applied; different accounts go side by side.
 */
export function laneKey(collection: CollectionName, raw: unknown): string {
  const account = rawKey(raw, 'account_number');
  return account ? `a:${account}` : `k:${rawKey(raw, integration.collections[collection].key).toLowerCase()}`;
}

/** The row an item writes to (see sameKeyErrors), or null when it names no key. */
export function keyTarget(collection: CollectionName, raw: unknown): string | null {
  const value = rawKey(raw, integration.collections[collection].key).trim();
  if (!value) return null;
  return [
    collection === 'users' ? value.toLowerCase() : value,
    rawKey(raw, 'account_number').trim(),
    collection === 'product-objects' ? rawKey(raw, 'order_number').trim() : '',
  ].join('\u0000');
}

/**
 * What a batch item writes to: its key (emails in any case), within its account and, for product
 * objects, its order. Two items of a batch writing to the same row would leave whichever came last:
 * both are refused instead, each naming the other (1-based positions), so the provider sends one.
 */
export function sameKeyErrors(collection: CollectionName, items: unknown[]): Map<number, FieldErrors> {
  const key = integration.collections[collection].key;
  const positions = new Map<string, number[]>();
  for (const [index, raw] of items.entries()) {
    const target = keyTarget(collection, raw);
    if (target) positions.set(target, [...(positions.get(target) ?? []), index]);
  }
  const errors = new Map<number, FieldErrors>();
  for (const indexes of positions.values()) {
    if (indexes.length < 2) continue;
    for (const index of indexes) {
      const others = indexes.filter((other) => other !== index);
      errors.set(index, { [key]: others.map((other) => integration.integrationMessages.alsoItem(other + 1)) });
    }
  }
  return errors;
}

export const emptyCounts = (): BatchCounts => ({ created: 0, updated: 0, unchanged: 0, invalid: 0 });

/** Records a batch or an import in the audit table. */
export const recordRun = (
  deps: Deps,
  run: { counts: BatchCounts; tokenId: number | null; collection: CollectionName; startedMs: number },
) =>
  recordBatch(deps.db, {
    ...run.counts,
    tokenId: run.tokenId,
    collection: run.collection,
    startedMs: run.startedMs,
    durationMs: Math.max(0, deps.clock.now() - run.startedMs),
  });

/**
 * What a batch refused as a whole answered (the error handler's code) and, for a validation error, its first
 * field error ("items: This value should have 1000 items or fewer.").
 */
export function refusalOf(error: unknown): Refusal {
  if (error instanceof AppError) {
    const first = error.code === 'VALIDATION_ERROR' ? Object.entries((error.data ?? {}) as FieldErrors)[0] : undefined;
    return { code: error.code, detail: first ? `${first[0]}: ${first[1].join(' ')}` : null };
  }
  return { code: answerFor((error as FastifyError).statusCode)?.code ?? 'SERVER_ERROR', detail: null };
}

/**
 * Records a batch refused before any item was read (a body that is not a batch, too many items, too large):
 * staff see it beside the others, with no item counted and why.
 */
export const recordRefusal = (
  deps: Deps,
  run: { tokenId: number; collection: CollectionName; startedMs: number; error: unknown },
) =>
  recordBatch(deps.db, {
    ...emptyCounts(),
    tokenId: run.tokenId,
    collection: run.collection,
    startedMs: run.startedMs,
    durationMs: Math.max(0, deps.clock.now() - run.startedMs),
    refused: refusalOf(run.error),
  });

/**
 * Runs a batch: each item applied on its own (see applyItem), a few accounts' items side by side
 * (see laneKey), each holding a database connection only within `connections`, which the API
 * process's batches share (decision 114), answered in item order. Work after commit (invitation mail)
 * runs once every item is in. Every batch is recorded, also one an unexpected error stopped.
 */
export async function runBatch(
  deps: Deps,
  collection: CollectionName,
  items: unknown[],
  tokenId: number | null,
  connections: LimitFunction = pLimit(laneCount(deps, 'batch')),
): Promise<{ results: ItemResult[] }> {
  const startedMs = deps.clock.now();
  const results: ItemResult[] = new Array(items.length);
  const after: (() => Promise<void>)[] = [];
  const run = lanes(laneCount(deps, 'batch'));
  const sameKey = sameKeyErrors(collection, items);
  const failure = await settle(async () => {
    const together: number[] = [];
    for (const [index, raw] of items.entries()) {
      const errors = sameKey.get(index);
      if (errors) {
        results[index] = { key: rawKey(raw, integration.collections[collection].key), status: 'invalid', errors };
        continue;
      }
      if (appliesSets(collection)) {
        together.push(index);
        continue;
      }
      await run.push(laneKey(collection, raw), async () => {
        const applied = await connections(() => applyItem(deps, collection, raw));
        results[index] = applied.result;
        if (applied.after) after.push(applied.after);
      });
    }
    if (together.length === 0) return;
    const applied = await connections(() =>
      applySet(
        deps,
        collection,
        together.map((index) => items[index]),
      ),
    );
    applied.forEach((a, i) => {
      results[together[i] as number] = a.result;
      if (a.after) after.push(a.after);
    });
  }, run);
  // Even when an item failed (the call then answers SERVER_ERROR), the items before it are committed:
  // their invitations go out and the record says what was applied.
  for (const work of after) {
    // A mail that fails is recorded in the outbox as failed; the user can ask for a new link.
    await work().catch(() => {});
  }
  const counts = emptyCounts();
  for (const r of results) if (r) counts[r.status] += 1;
  await recordRun(deps, { counts, tokenId, collection, startedMs });
  if (failure) throw failure.error;
  return { results };
}

/** Pushes work onto the lanes and waits for all of it; answers the first failure instead of throwing it. */
export async function settle(
  push: () => Promise<void>,
  run: ReturnType<typeof lanes>,
): Promise<{ error: unknown } | null> {
  let failure: { error: unknown } | null = null;
  await push().catch((error: unknown) => (failure = { error }));
  await run.drain().catch((error: unknown) => (failure ??= { error }));
  return failure;
}

/**
 * TOO_MANY_ATTEMPTS once a token has run `batchesPerMinute` batches in the last minute, with the
 * seconds until the oldest of them leaves the minute (Retry-After).
 */
export async function assertBatchAllowed(deps: Deps, tokenId: number): Promise<void> {
  const nowMs = deps.clock.now();
  const recent = await recentBatches(deps.db, tokenId, nowMs);
  if (recent.count >= batchesPerMinute) throw tooManyAttempts(Math.ceil((recent.oldestMs + 60_000 - nowMs) / 1000));
}

/**
 * Seconds a token whose batches are all in flight is told to wait: about what a batch of 1,000 items
 * takes on PostgreSQL (decision 077), after which one of them has usually finished.
 */
export const inFlightRetryAfterSeconds = 5;

/**
 * Takes one of the token's INTEGRATION_BATCHES_IN_FLIGHT places, or answers TOO_MANY_ATTEMPTS: the
 * per-minute count only sees finished batches, this one the ones still running.
 */
export async function takeBatchPlace(deps: Deps, limitKey: string): Promise<Release> {
  const release = await deps.inFlight.take(`batch:${limitKey}`, deps.env.INTEGRATION_BATCHES_IN_FLIGHT);
  if (!release) throw tooManyAttempts(inFlightRetryAfterSeconds);
  return release;
}

/** The latest batch records, for the staff page. */
export const listBatches = (deps: Pick<Deps, 'db'>) => latestBatches(deps.db, integration.batchRecordsShown);
