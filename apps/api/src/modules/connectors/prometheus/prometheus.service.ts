import {
  type connectors,
  integration,
  messages,
  validationMessages,
  type FieldErrors,
  type PrometheusSource,
} from '@portal/contract';

import type { Db } from '../../../db/client.ts';
import type { Deps } from '../../../deps.ts';
import type { Env } from '../../../config/env.ts';
import { AppError, invalid, notFound } from '../../../lib/errors.ts';
import { refusedAddressMessage, refusesSaved } from '../../../lib/outbound.ts';
import { seal, unseal } from '../../../lib/sealed.ts';
import { validationError } from '../../../plugins/error-handler.ts';
import { pages, type MetricDef } from '../../metrics/catalogue.ts';
import { ttlCache, type TtlCache } from './cache.ts';
import * as repo from './prometheus.repository.ts';
import { queryRange, SourceError } from './query.ts';

const pm = integration.prometheusMessages;

/** Each query waits at most this long for the source (the chart waits with it). */
export const queryTimeoutMs = 5000;
/** How long a source's answer is reused, and a failure remembered; at most this many answers are held. */
export const cacheTtlMs = 15_000;
export const failureTtlMs = 5000;
export const cacheEntries = 1000;

const aad = (sourceKey: string) => `prometheus-source:${sourceKey}:secret`;

/** The metrics a product page reads, by product controller. */
const seriesOf = (controller: string): readonly MetricDef[] =>
  (pages as Record<string, { series: readonly MetricDef[] }>)[controller]?.series ?? [];

/** A source as it is to be held; `secret` null with a sign-in means: keep the held token or password. */
export interface SourceConfig {
  source_key: string;
  url: string;
  auth: 'none' | 'bearer' | 'basic';
  username: string | null;
  secret: string | null;
  series: integration.PrometheusSourceItem['series'];
}

/** The collection's item as a source to hold. */
export const configOfItem = (item: integration.PrometheusSourceItem): SourceConfig => ({
  source_key: item.source_key,
  url: item.url,
  auth: item.bearer_token !== undefined ? 'bearer' : item.basic_auth !== undefined ? 'basic' : 'none',
  username: item.basic_auth?.username ?? null,
  secret: item.bearer_token ?? item.basic_auth?.password ?? null,
  series: item.series,
});

const seriesText = (series: { order_number: string; metric: string; object_key: string; promql: string }[]) =>
  JSON.stringify(series.map((s) => [s.order_number, s.metric, s.object_key, s.promql]));

/**
 * Applies one source (the collection's item, or the staff page's form): the source by its source_key,
 * and the series it answers replaced by the given ones. Each series must name an order whose product
 * page reads the metric, its object when the metric has one, and no series another source answers.
 * A literal address OUTBOUND_ALLOW refuses is refused here (a name, when it is asked); a held token or
 * password goes only to the URL it was saved for (decision 113).
 */
export async function applySource(
  db: Db,
  env: Pick<Env, 'CONNECTOR_KEY' | 'OUTBOUND_ALLOW'>,
  config: SourceConfig,
  nowMs: number,
): Promise<'created' | 'updated' | 'unchanged'> {
  const key = env.CONNECTOR_KEY;
  const held = await repo.findSource(db, config.source_key);
  const orders = new Map(
    (await repo.findOrders(db, [...new Set(config.series.map((s) => s.order_number))])).map((o) => [o.order_number, o]),
  );
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => void (errors[field] ??= []).push(message);
  if (refusesSaved(env.OUTBOUND_ALLOW, new URL(config.url).hostname)) add('url', refusedAddressMessage);
  const rows: { base_order_id: number; metric: string; object_key: string; promql: string }[] = [];
  config.series.forEach((s, i) => {
    const order = orders.get(s.order_number);
    if (!order) return add(`series.${i}.order_number`, pm.noOrder);
    const metric = seriesOf(order.product_controller).find((d) => d.name === s.metric);
    if (!metric) return add(`series.${i}.metric`, pm.notOnPage);
    if (metric.label && !s.object_key) return add(`series.${i}.object_key`, pm.objectNeeded);
    if (!metric.label && s.object_key) return add(`series.${i}.object_key`, pm.noObject);
    rows.push({ base_order_id: order.base_order_id, metric: s.metric, object_key: s.object_key, promql: s.promql });
  });
  if (Object.keys(errors).length === 0 && rows.length)
    for (const t of await repo.takenElsewhere(db, config.source_key, rows)) {
      const i = rows.findIndex(
        (r) => r.base_order_id === t.base_order_id && r.metric === t.metric && r.object_key === t.object_key,
      );
      add(`series.${i}.object_key`, pm.taken(t.source_key));
    }
  const secretField = config.auth === 'bearer' ? 'bearer_token' : 'password';
  if (config.auth !== 'none' && config.secret === null && held?.auth !== config.auth)
    add(secretField, validationMessages.required);
  else if (config.auth !== 'none' && config.secret === null && held && held.url !== config.url)
    add(secretField, pm.secretForTarget);
  if (Object.keys(errors).length) throw invalid(errors);

  const heldSecret = held?.secret ? unseal(key, held.secret, aad(config.source_key)) : null;
  const secret = config.auth === 'none' ? null : (config.secret ?? heldSecret);
  if (
    held &&
    held.url === config.url &&
    held.auth === config.auth &&
    held.username === config.username &&
    heldSecret === secret &&
    seriesText(await repo.heldSeries(db, held.id)) === seriesText(config.series)
  )
    return 'unchanged';
  const id = await repo.writeSource(
    db,
    {
      source_key: config.source_key,
      url: config.url,
      auth: config.auth,
      username: config.username,
      secret: secret === null ? null : seal(key, secret, aad(config.source_key)),
    },
    nowMs,
    held?.id,
  );
  await repo.replaceSeries(db, id, rows);
  return held ? 'updated' : 'created';
}

/**
 * The staff page's save. Its form is checked with the collection's item schema (a secret left out
 * is given a stand-in value there), then held like an item; a token or password left out keeps the
 * held one when the source already signs in that way.
 */
export async function saveFromStaff(deps: Deps, input: connectors.SaveSourceInput) {
  const standIn = 'held';
  const raw: Record<string, unknown> = { source_key: input.source_key, url: input.url, series: input.series ?? [] };
  if (input.auth === 'bearer') raw.bearer_token = input.bearer_token || standIn;
  if (input.auth === 'basic') raw.basic_auth = { username: input.username ?? '', password: input.password || standIn };
  const parsed = integration.prometheusSourceItem.safeParse(raw);
  if (!parsed.success) {
    const error = validationError(parsed.error);
    // The form's fields: basic_auth.username / .password are username / password on the page.
    const fields = Object.fromEntries(
      Object.entries(error.data as FieldErrors).map(([f, m]) => [f.replace(/^basic_auth\./, ''), m]),
    );
    throw invalid(fields);
  }
  const config = configOfItem(parsed.data);
  if ((input.auth === 'bearer' && !input.bearer_token) || (input.auth === 'basic' && !input.password))
    config.secret = null;
  const status = await deps.db.tx((db) => applySource(db, deps.env, config, deps.clock.now()));
  return { status };
}

/** Every source without its secret (the staff page, and the integration listing). */
export async function listSourcesOf(deps: Pick<Deps, 'db' | 'clock'>): Promise<PrometheusSource[]> {
  return repo.listSources(deps.db, deps.clock.now());
}

export async function removeSourceOf(deps: Pick<Deps, 'db'>, sourceKey: string): Promise<void> {
  if (!(await repo.deleteSource(deps.db, sourceKey))) throw notFound();
}

/* Reading ---------------------------------------------------------------------------------------- */

type ReadDeps = Pick<Deps, 'db' | 'env' | 'clock' | 'outbound'>;

/** One cache per database handle (so per API process, and per test app). */
const caches = new WeakMap<object, TtlCache<[number, number | null][]>>();
const cacheOf = (deps: ReadDeps) => {
  let cache = caches.get(deps.db);
  if (!cache) {
    cache = ttlCache({ maxEntries: cacheEntries, ttlMs: cacheTtlMs, failureTtlMs, now: () => Date.now() });
    caches.set(deps.db, cache);
  }
  return cache;
};

/** A column a source answers: what to ask and whom. */
export type SourceColumn = repo.MappedSeries;

/** The series of an order (by metric name and object key) that sources answer. */
export async function sourceColumns(deps: ReadDeps, baseOrderId: number, metrics: string[]) {
  const rows = metrics.length ? await repo.mappedSeries(deps.db, baseOrderId, metrics) : [];
  return new Map(rows.map((r) => [`${r.metric}|${r.object_key}`, r]));
}

/** The object keys of an order's series of one metric that sources answer. */
export async function sourceObjectKeys(deps: ReadDeps, baseOrderId: number, metric: string): Promise<string[]> {
  return [...(await sourceColumns(deps, baseOrderId, [metric])).values()].map((r) => r.object_key);
}

/** Thrown to the chart call when a source fails: the chart shows the spec's message (decision 101). */
export const sourceFailed = () => new AppError('SERVICE_UNAVAILABLE', messages.chartError);

/** A column's token or password; a SourceError (the status page's text) when this process's key does not open it. */
function openSecret(key: Buffer, sourceKey: string, sealed: string): string {
  try {
    return unseal(key, sealed, aad(sourceKey));
  } catch (error) {
    throw new SourceError((error as Error).message);
  }
}

/**
 * The values of one source column over [start, end] at `step` (cached), recording the source's
 * success or error text for the status page; a failure throws sourceFailed().
 */
export async function readSourceColumn(deps: ReadDeps, column: SourceColumn, start: number, end: number, step: number) {
  const cacheKey = [column.id, column.updated_ms, column.promql, start, end, step].join('|');
  return cacheOf(deps).get(cacheKey, async () => {
    try {
      const values = await queryRange(
        {
          url: column.url,
          auth: {
            kind: column.auth,
            username: column.username,
            secret: column.secret ? openSecret(deps.env.CONNECTOR_KEY, column.source_key, column.secret) : null,
          },
          promql: column.promql,
          start,
          end,
          step,
          timeoutMs: queryTimeoutMs,
        },
        deps.outbound.fetch,
      );
      await repo.recordOutcome(deps.db, column.id, deps.clock.now(), null);
      return values;
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
      await repo.recordOutcome(deps.db, column.id, deps.clock.now(), error.message);
      throw sourceFailed();
    }
  });
}
