// Usage data (issue 12): ingestion speed and chart cost against the range.
//  - 92 days of one-minute points on 10 interfaces (if_in_octets and if_out_octets, raw counters: 20
//    series, 2.65 million points) sent in requests of 10,000 points through the API in-process
//    (app.inject: body parsing, decoding, the write path): the oldest days (beyond raw retention, folded
//    into the rollups) as JSON, the next as JSON, the newest as Prometheus remote write (snappy protobuf).
//    Points per second for each, on PostgreSQL and on the embedded database (PGlite).
//  - The network bits chart (in and out of one interface, at most 300 rows) over 1, 7, 30 and 92 days:
//    median of 15 reads of the chart query (modules/series seriesReader). The bar: the 92-day
//    chart costs no more than twice the 1-day chart.
// Run: npm run metrics -w @portal/bench   (BENCH_METRICS_DAYS=92, ONLY=pg|embedded)
// PostgreSQL database BENCH_METRICS_DB (default portal_bench_metrics; dropped and made anew each run);
// no server port is used.

import { loadavg, tmpdir } from 'node:os';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';

import pg from 'pg';

import { buildApp } from '../apps/api/src/app.ts';
import { createDeps } from '../apps/api/src/bootstrap.ts';
import { parseEnv } from '../apps/api/src/config/env.ts';
import { openPglite, openPostgres, type Db } from '../apps/api/src/db/client.ts';
import { metrics } from '../apps/api/src/modules/metrics/index.ts';
import { encodeRemoteWrite } from '../apps/api/src/modules/metrics/remote-write.ts';
import { seriesReader } from '../apps/api/src/modules/series/series.service.ts';

const days = Number(process.env.BENCH_METRICS_DAYS ?? 92);
const only = process.env.ONLY;
const interfaces = 10;
const perRequest = 10_000;
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const pgName = process.env.BENCH_METRICS_DB ?? 'portal_bench_metrics';
const DAY = 86400;

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
  return openPostgres(url.toString(), 4);
}

/** One account, product and order to write to (the fixture a provider's feed would have loaded). */
async function fixture(db: Db) {
  await db.exec(`
    INSERT INTO accounts (account_number, name, company_nm) VALUES ('BENCH-1', 'Bench', 'Bench');
    INSERT INTO products (product_cd, product, short_product_name, product_controller, product_group)
      VALUES ('bench-di', 'Bench DIA', 'DIA', 'network', 'Network') ON CONFLICT DO NOTHING;
    INSERT INTO orders (account_id, order_number, product_cd)
      SELECT account_id, 'BENCH-ORD-1', 'bench-di' FROM accounts WHERE account_number = 'BENCH-1';`);
  const row = await db.one<{ base_order_id: number }>(
    "SELECT base_order_id FROM orders WHERE order_number = 'BENCH-ORD-1'",
  );
  return row?.base_order_id ?? 0;
}

/** The counter readings of minute i: each interface sends a working-day curve of 20-200 Mbit/s. */
function readings(minute: number, start: number) {
  const ts = start + minute * 60;
  const hour = (ts / 3600) % 24;
  const load = 0.2 + 0.8 * Math.max(0, Math.sin((Math.PI * (hour - 6)) / 16));
  return Array.from({ length: interfaces }, (_, i) => {
    const rate = (20e6 + 180e6 * load * (1 + i / 10)) / 8; // octets a second
    const total = rate * 60 * minute; // roughly: a smooth counter
    return { key: String(1001 + i), ts, in: Math.round(total), out: Math.round(total * 0.4) };
  });
}

async function run(kind: 'pg' | 'embedded') {
  const db = kind === 'pg' ? await freshPostgres(pgName) : await openPglite();
  const now = Math.floor(Date.now() / 60000) * 60;
  const start = now - days * DAY;
  const env = parseEnv({
    NODE_ENV: 'test',
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-bench-metrics-')),
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: 'false',
    API_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const clock = { now: () => now * 1000 };
  const deps = await createDeps(env, { db, clock });
  const app = await buildApp(deps, { logger: false });
  await app.ready();
  const baseOrderId = await fixture(db);
  const { token } = await (
    await import('../apps/api/src/modules/integration/tokens.service.ts')
  ).createToken(db, {
    name: 'bench',
    scopes: ['metrics'],
    userId: null,
    nowMs: now * 1000,
  });
  const auth = { authorization: `Bearer ${token}` };

  const minutes = days * 1440;
  const perMinute = interfaces * 2;
  const step = Math.floor(perRequest / perMinute);
  const phases = [
    {
      name: 'JSON, backfill older than raw retention (folded into the rollups)',
      format: 'json',
      to: minutes - 36 * 1440,
    },
    { name: 'JSON, within raw retention', format: 'json', to: minutes - 18 * 1440 },
    { name: 'remote write, within raw retention', format: 'remote', to: minutes },
  ] as const;
  let minute = 0;
  const figures: string[] = [];
  for (const phase of phases) {
    let points = 0;
    const began = performance.now();
    for (; minute < phase.to; minute += step) {
      const batch = Array.from({ length: Math.min(step, phase.to - minute) }, (_, i) =>
        readings(minute + i, start),
      ).flat();
      let res;
      if (phase.format === 'json') {
        const body = {
          points: batch.flatMap((r) => [
            {
              order_number: 'BENCH-ORD-1',
              metric: 'if_in_octets',
              labels: { object_key: r.key },
              ts: r.ts,
              value: r.in,
            },
            {
              order_number: 'BENCH-ORD-1',
              metric: 'if_out_octets',
              labels: { object_key: r.key },
              ts: r.ts,
              value: r.out,
            },
          ]),
        };
        res = await app.inject({ method: 'POST', url: '/api/integration/v1/metrics', headers: auth, payload: body });
      } else {
        const series = new Map<
          string,
          { labels: { name: string; value: string }[]; samples: { value: number; timestamp: number }[] }
        >();
        for (const r of batch)
          for (const [metric, value] of [
            ['if_in_octets', r.in],
            ['if_out_octets', r.out],
          ] as const) {
            const key = `${metric}:${r.key}`;
            const s = series.get(key) ?? {
              labels: [
                { name: '__name__', value: metric },
                { name: 'portal_order', value: 'BENCH-ORD-1' },
                { name: 'object_key', value: r.key },
              ],
              samples: [],
            };
            s.samples.push({ value, timestamp: r.ts * 1000 });
            series.set(key, s);
          }
        const payload = encodeRemoteWrite({ timeseries: [...series.values()] });
        res = await app.inject({
          method: 'POST',
          url: '/api/integration/v1/prometheus/write',
          headers: { ...auth, 'content-type': 'application/x-protobuf', 'content-encoding': 'snappy' },
          payload,
        });
      }
      const data = res.json() as { data: { accepted: number; rejected: unknown[] }; code: string };
      if (res.statusCode !== 200 || data.data.rejected.length)
        throw new Error(`${phase.name}: ${res.body.slice(0, 300)}`);
      points += data.data.accepted;
    }
    const seconds = (performance.now() - began) / 1000;
    figures.push(
      `  ${phase.name}: ${points.toLocaleString('en-US')} points in ${seconds.toFixed(1)} s = ${Math.round(points / seconds).toLocaleString('en-US')} points/s`,
    );
    console.log(figures.at(-1));
  }

  if (db.kind === 'postgres') await db.exec('ANALYZE');
  const reader = seriesReader(deps, 'network');
  const columns = (['in', 'out'] as const).map((dir) => ({
    metric: dir === 'in' ? metrics.if_in_octets : metrics.if_out_octets,
    labels: { object_key: '1001' },
    scale: 8,
    label: dir,
  }));
  const chartMs: Record<number, number> = {};
  for (const rangeDays of [1, 7, 30, 92].filter((d) => d <= days)) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < 18; i++) {
      const began = performance.now();
      const table = await reader.chart(baseOrderId, columns, now - rangeDays * DAY, now);
      const ms = performance.now() - began;
      if (i >= 3) times.push(ms);
      rows = table.length - 1;
    }
    times.sort((a, b) => a - b);
    chartMs[rangeDays] = times[Math.floor(times.length / 2)] ?? 0;
    figures.push(`  chart ${rangeDays} days: ${rows} rows, median ${chartMs[rangeDays].toFixed(1)} ms`);
    console.log(figures.at(-1));
  }
  if (chartMs[92] !== undefined && chartMs[1] !== undefined)
    figures.push(`  92-day chart / 1-day chart: ${(chartMs[92] / chartMs[1]).toFixed(2)} (bar: at most 2)`);
  await app.close();
  return figures;
}

const results: string[] = [];
for (const kind of ['pg', 'embedded'] as const) {
  if (only && only !== kind) continue;
  console.log(
    `${kind === 'pg' ? 'PostgreSQL' : 'embedded (PGlite)'}: ${days} days x 1,440 minutes x ${interfaces} interfaces x in/out (load ${load()})`,
  );
  results.push(`${kind}:`, ...(await run(kind)));
}
console.log(`\nmetrics bench (${days} days, load average at the end ${load()}):\n${results.join('\n')}`);
