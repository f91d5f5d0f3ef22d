import type { FastifyInstance } from 'fastify';

import { metrics as contract } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import type { Caller } from '../../lib/scope.ts';
import { ingest, type IngestContext, type IngestResult } from './ingest.service.ts';
import type { LiveSink } from './live.ts';
import { jsonPoints } from './json.ts';
import { decodeOtlpJson, decodeOtlpProtobuf, otlpPoints, otlpResponse } from './otlp.ts';
import type { PointIn, Rejected } from './points.ts';
import { decodeRemoteWrite } from './remote-write.ts';
import { findCallerOrder, tryUpkeepLock } from './store.repository.ts';
import { retentionOf } from './tiers.ts';
import { metricsUpkeep } from './upkeep.ts';

/** Which open live streams' sessions still hold (live.routes.ts checks them in one query). */
export { heldSessions, sessionKey, type LiveSession } from './live-sessions.repository.ts';

/** An API process's ingestion also hands new points to live subscribers (`live`, decision 102). */
type IngestDeps = Pick<Deps, 'db' | 'env' | 'clock'> & { live?: LiveSink };

const context = (deps: IngestDeps): IngestContext => ({
  db: deps.db,
  retention: retentionOf(deps.env),
  nowSeconds: deps.clock.now() / 1000,
  maxSeriesPerOrder: deps.env.METRICS_MAX_SERIES_PER_ORDER,
  ...(deps.live ? { live: deps.live } : {}),
});

const run = (deps: IngestDeps, decoded: { points: PointIn[]; rejected: Rejected[] }): Promise<IngestResult> =>
  ingest(context(deps), decoded.points, decoded.rejected);

/** Points read by the portal itself (the SNMP poller): the same checks, limits and live updates. */
export const ingestPoints = (deps: IngestDeps, points: readonly PointIn[]) => ingest(context(deps), points);

export const ingestJson = (deps: IngestDeps, items: readonly unknown[]) => run(deps, jsonPoints(items));

export const ingestRemoteWrite = (deps: IngestDeps, body: Buffer) =>
  run(deps, decodeRemoteWrite(body, deps.env.METRICS_BODY_LIMIT_BYTES, contract.maxPointsPerRequest));

/** OTLP: a protobuf request is answered in protobuf (the OTLP/HTTP spec), a JSON one in the envelope. */
export async function ingestOtlp(deps: IngestDeps, body: unknown) {
  const protobuf = Buffer.isBuffer(body);
  const max = contract.maxPointsPerRequest;
  const request = protobuf ? decodeOtlpProtobuf(body, max) : decodeOtlpJson(body, max);
  const data = await run(deps, otlpPoints(request));
  return { data, protobuf: protobuf ? otlpResponse(data.rejected) : null };
}

/** NOT_FOUND (revealing nothing) unless the order is in one of the caller's accounts. */
export async function requireCallerOrder(deps: Pick<Deps, 'db'>, caller: Caller, baseOrderId: number) {
  if (!(await findCallerOrder(deps.db, caller.userId, baseOrderId))) throw notFound();
}

/** Each hour (and at start), in every API process: partitions ahead and retention, one process at a time. */
export function startUpkeep(app: FastifyInstance, deps: Deps) {
  if (deps.env.NODE_ENV === 'test') return; // tests call metricsUpkeep themselves, with their own clock
  const once = () =>
    deps.db
      .tx(async (t) => {
        if (!(await tryUpkeepLock(t))) return;
        await metricsUpkeep(t, retentionOf(deps.env), deps.clock.now() / 1000);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'metrics upkeep failed'));
  app.addHook('onReady', async () => void once());
  const timer = setInterval(() => void once(), 3600_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
