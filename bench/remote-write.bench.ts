// Usage data at provider scale (issue 29): Prometheus remote write through the API in-process
// (app.inject: snappy, protobuf decoding, checks, series, raw points and every rollup tier), 10,000
// points a request, 4 senders at once (each its own order and series), next to a ceiling measured in the
// same run: the same points into a scratch copy of the raw table (partitioned by day, same key), one
// INSERT ... SELECT FROM unnest per request, 4 connections at once.
//  - catch-up: 100 series x 100 samples a request (a Prometheus sending what it could not send earlier);
//  - steady state: 10,000 series x 1 sample a request (a running Prometheus, every scrape);
//  - new series: the steady state's first request of each sender (10,000 series created by each).
// Run: npm run remote-write -w @portal/bench   (REQUESTS=12 per sender and phase, SENDERS=4, ONLY=pg|embedded;
// PROFILE=1 prints each phase's statements by time: run it with SENDERS=1 for times that add up)
// PostgreSQL database BENCH_RW_DB (default portal_bench_rw; dropped and made anew each run).

import { loadavg, tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';

import pg from 'pg';

import { buildApp } from '../apps/api/src/app.ts';
import { createDeps } from '../apps/api/src/bootstrap.ts';
import { parseEnv } from '../apps/api/src/config/env.ts';
import { openPglite, openPostgres, type Db } from '../apps/api/src/db/client.ts';
import { encodeRemoteWrite } from '../apps/api/src/modules/metrics/remote-write.ts';
import { profiled } from './lib/sql-profile.ts';

const only = process.env.ONLY;
const requests = Number(process.env.REQUESTS ?? 12);
const senders = Number(process.env.SENDERS ?? 4);
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgName = process.env.BENCH_RW_DB ?? 'portal_bench_rw';
const scrape = 15;

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function freshPostgres(name: string): Promise<Db> {
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  return openPostgres(url.toString(), senders);
}

interface Shape {
  name: string;
  series: number;
  samples: number;
}
const shapes: Shape[] = [
  { name: 'catch-up (100 series x 100 samples)', series: 100, samples: 100 },
  { name: 'steady state (10,000 series x 1 sample)', series: 10_000, samples: 1 },
];

/** Request r of a sender: `series` counters (interface octets), `samples` readings each, 15 s apart. */
function request(shape: Shape, sender: number, r: number, start: number) {
  return {
    timeseries: Array.from({ length: shape.series }, (_, s) => ({
      labels: [
        { name: '__name__', value: s % 2 ? 'if_out_octets' : 'if_in_octets' },
        { name: 'object_key', value: String(1000 + Math.floor(s / 2)) },
        { name: 'portal_order', value: `RW-ORD-${sender}` },
      ],
      samples: Array.from({ length: shape.samples }, (_, k) => {
        const ts = start + (r * shape.samples + k) * scrape;
        return { value: 1e9 + ts * (1000 + s), timestamp: ts * 1000 };
      }),
    })),
  };
}

const rate = (points: number, seconds: number) => Math.round(points / seconds).toLocaleString('en-US');

async function run(kind: 'pg' | 'embedded') {
  const profile = profiled(kind === 'pg' ? await freshPostgres(pgName) : await openPglite());
  const db = profile.db;
  const now = Math.floor(Date.now() / 60000) * 60;
  const env = parseEnv({
    NODE_ENV: 'test',
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-bench-rw-')),
    LOG_LEVEL: process.env.BENCH_LOG === '1' ? 'error' : 'silent',
    SEED_ON_EMPTY: 'false',
    API_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const deps = await createDeps(env, { db, clock: { now: () => now * 1000 } });
  const app = await buildApp(deps, { logger: process.env.BENCH_LOG === '1' });
  await app.ready();
  await db.exec(`
    INSERT INTO accounts (account_number, name, company_nm) VALUES ('RW-1', 'Bench', 'Bench');
    INSERT INTO products (product_cd, product, short_product_name, product_controller, product_group)
      VALUES ('bench-di', 'Bench DIA', 'DIA', 'network', 'Network') ON CONFLICT DO NOTHING;
    INSERT INTO orders (account_id, order_number, product_cd)
      SELECT account_id, 'RW-ORD-' || (s * 2 + p), 'bench-di' FROM accounts, generate_series(0, ${senders - 1}) s,
             generate_series(0, 1) p WHERE account_number = 'RW-1';
    CREATE TABLE ceiling_raw (series_id integer NOT NULL, ts timestamptz NOT NULL, value double precision,
                              counter double precision, PRIMARY KEY (series_id, ts)) PARTITION BY RANGE (ts);`);
  // The scratch copy of the raw table: partitioned by day like it, keeping what it was given like it.
  const today = Math.floor(now / 86400) * 86400;
  for (let day = today - 2 * 86400; day <= today + 86400; day += 86400)
    await db.exec(
      `CREATE TABLE ceiling_raw_${day} PARTITION OF ceiling_raw
         FOR VALUES FROM ('${new Date(day * 1000).toISOString()}') TO ('${new Date((day + 86400) * 1000).toISOString()}')`,
    );
  const { token } = await (
    await import('../apps/api/src/modules/integration/tokens.service.ts')
  ).createToken(db, { name: 'bench', scopes: ['metrics'], userId: null, nowMs: now * 1000 });
  const headers = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/x-protobuf',
    'content-encoding': 'snappy',
  };
  const figures: string[] = [];
  let phase = 0;
  for (const shape of shapes) {
    // Each phase writes to orders of its own (0-3 catch-up, 4-7 steady), starting a day ago.
    const start = now - 86400 + phase * 3600;
    const orderOf = (sender: number) => sender * 2 + phase;
    const bodies = Array.from({ length: senders }, (_, sender) =>
      Array.from({ length: requests + 1 }, (_, r) => encodeRemoteWrite(request(shape, orderOf(sender), r, start))),
    );
    const points = shape.series * shape.samples;
    const send = async (body: Buffer) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/integration/v1/prometheus/write',
        headers,
        payload: body,
      });
      const data = res.json() as { data: { accepted: number; rejected: unknown[] } };
      if (res.statusCode !== 200 || data.data.rejected.length || data.data.accepted !== points)
        throw new Error(`${shape.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    };
    // The first request of each sender creates its series (and each counter's first reading has no rate).
    let began = performance.now();
    await Promise.all(bodies.map((b) => send(b[0] as Buffer)));
    const first = (performance.now() - began) / 1000;
    profile.reset();
    began = performance.now();
    await Promise.all(
      bodies.map(async (b) => {
        for (let r = 1; r <= requests; r++) await send(b[r] as Buffer);
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const statements = profile.report();
    const total = senders * requests * points;

    // The ceiling: the same points (already resolved to series ids) into the scratch table.
    const idRows = await db.query<{ o: string; metric: string; k: string; series_id: number }>(
      `SELECT o.order_number AS o, s.metric, s.labels->>'object_key' AS k, s.series_id
         FROM metric_series s JOIN orders o ON o.base_order_id = s.base_order_id`,
    );
    const ids = new Map(idRows.map((r) => [`${r.o}|${r.metric}|${r.k}`, r.series_id]));
    const columns = bodies.map((_, sender) =>
      Array.from({ length: requests }, (_, i) => {
        const req = request(shape, orderOf(sender), i + 1, start);
        const s: number[] = [];
        const t: number[] = [];
        const v: number[] = [];
        for (const series of req.timeseries) {
          const key = `${series.labels[2]?.value}|${series.labels[0]?.value}|${series.labels[1]?.value}`;
          const id = ids.get(key);
          if (id === undefined) throw new Error(`no series ${key}`);
          for (const sample of series.samples) {
            s.push(id);
            t.push(sample.timestamp / 1000);
            v.push(sample.value);
          }
        }
        return [s, t, v];
      }),
    );
    began = performance.now();
    await Promise.all(
      columns.map(async (reqs) => {
        for (const [s, t, v] of reqs)
          await db.query(
            `INSERT INTO ceiling_raw (series_id, ts, value, counter)
             SELECT s, to_timestamp(t), v, v FROM unnest($1::int[], $2::float8[], $3::float8[]) AS u(s, t, v)`,
            [s, t, v],
          );
      }),
    );
    const ceiling = (performance.now() - began) / 1000;
    const ratio = ceiling / seconds;
    figures.push(
      `  ${shape.name}: ${total.toLocaleString('en-US')} points in ${seconds.toFixed(2)} s = ${rate(total, seconds)} points/s;` +
        ` ceiling ${ceiling.toFixed(2)} s = ${rate(total, ceiling)} points/s; ratio ${ratio.toFixed(2)}` +
        `; first requests (${(senders * shape.series).toLocaleString('en-US')} new series) ${first.toFixed(2)} s`,
    );
    console.log(figures.at(-1));
    if (process.env.PROFILE) console.log(statements.join('\n'));
    phase++;
  }
  await app.close();
  return figures;
}

const results: string[] = [];
for (const kind of ['pg', 'embedded'] as const) {
  if (only && only !== kind) continue;
  console.log(`${kind === 'pg' ? 'PostgreSQL' : 'embedded (PGlite)'} (load ${load()})`);
  results.push(`${kind}:`, ...(await run(kind)));
}
console.log(
  `\nremote write bench (${senders} senders x ${requests} requests x 10,000 points, load average at the end ${load()}):\n${results.join('\n')}`,
);
