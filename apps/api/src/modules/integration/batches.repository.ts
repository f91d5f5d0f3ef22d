import type { Db } from '../../db/client.ts';

export interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
  invalid: number;
}

/** Why a batch was refused as a whole: its answer's code and, for a validation error, its first field error. */
export interface Refusal {
  code: string;
  detail: string | null;
}

export const recordBatch = (
  db: Db,
  b: BatchCounts & {
    tokenId: number | null;
    collection: string;
    startedMs: number;
    durationMs: number;
    refused?: Refusal;
  },
) =>
  db.query(
    `INSERT INTO integration_batches (token_id, source, collection, created, updated, unchanged, invalid, started_at,
       duration_ms, refused, refused_detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, to_timestamp($8 / 1000.0), $9, $10, $11)`,
    [
      b.tokenId,
      b.tokenId === null ? 'command' : 'token',
      b.collection,
      b.created,
      b.updated,
      b.unchanged,
      b.invalid,
      b.startedMs,
      b.durationMs,
      b.refused?.code ?? null,
      b.refused?.detail ?? null,
    ],
  );

/** Batches the token started in the last minute (the rate limit), and when the oldest of them started. */
export const recentBatches = async (db: Db, tokenId: number, nowMs: number) => {
  const row = await db.one<{ n: number; oldest_ms: number | null }>(
    `SELECT count(*) AS n, (extract(epoch FROM min(started_at)) * 1000)::float8 AS oldest_ms FROM integration_batches
      WHERE token_id = $1 AND started_at > to_timestamp($2 / 1000.0) - interval '1 minute'`,
    [tokenId, nowMs],
  );
  return { count: Number(row?.n ?? 0), oldestMs: row?.oldest_ms ?? nowMs };
};

export interface BatchRecord extends BatchCounts {
  id: number;
  refused: string | null;
  refused_detail: string | null;
  token_name: string | null;
  source: 'token' | 'command';
  collection: string;
  started_at: number;
  duration_ms: number;
}

export const latestBatches = (db: Db, limit: number) =>
  db.query<BatchRecord>(
    `SELECT b.batch_id AS id, t.name AS token_name, b.source, b.collection, b.created, b.updated, b.unchanged,
       b.invalid, extract(epoch FROM b.started_at)::bigint AS started_at, b.duration_ms, b.refused, b.refused_detail
     FROM integration_batches b LEFT JOIN integration_tokens t ON t.token_id = b.token_id
     ORDER BY b.started_at DESC, b.batch_id DESC LIMIT $1`,
    [limit],
  );
