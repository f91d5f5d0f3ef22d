// Provider integration API: how fast batches of invoices go in, and how much memory a large import takes.
//  - Next to each pass, measured in the same run, the ceiling (issue 29): the same invoices and lines
//    written into scratch copies of the two tables (keys and indexes, no checks, no foreign keys), one
//    INSERT ... SELECT FROM unnest per table and batch; the ratio is the ceiling's time over the pass's.
//    On the embedded database the ceiling runs in an in-memory instance of its own in the bench process.
//  - 10,000 invoices with lines (5 each), sent as batches of 1,000 over HTTP with a real integration
//    token to the compiled server (apps/api/dist, what `npm start` runs), on PostgreSQL and on the
//    embedded database: three passes, new (created), the same again (unchanged), changed (updated);
//    upserts per second for each, and the server's peak resident memory.
//  - `npm run import` of a 1,000,000-row CSV file (payments of 100 accounts, generated into /tmp) on PostgreSQL: the
//    command's resident memory sampled throughout, and at each tenth of the file, to show it is flat.
// Run: npm run integration -w @portal/bench
//   (BENCH_INVOICES=10000, BENCH_LINES=5, BENCH_IMPORT_ROWS=1000000; ONLY=pg|embedded|import for one part)
// Ports 4610 and 4611; PostgreSQL databases portal_bench_integration and portal_bench_import (dropped
// and made anew each run).

import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

import { openPglite, openPostgres, type Db } from '../apps/api/src/db/client.ts';
import { migrate } from '../apps/api/src/db/migrate.ts';
import { root, rssKb } from './lib/harness.ts';

const invoiceCount = Number(process.env.BENCH_INVOICES ?? 10_000);
const linesPerInvoice = Number(process.env.BENCH_LINES ?? 5);
const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 1_000_000);
const only = process.env.ONLY;
const batchSize = 1000;
const accountCount = 100;
const productCount = 5;
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const mb = (kb: number) => Number((kb / 1024).toFixed(1));
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** A new, empty PostgreSQL database (the server and the commands migrate it). */
async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Where a process keeps its data: a PostgreSQL URL, or a folder for the embedded database. */
type Store = { DATABASE_URL: string } | { DATA_DIR: string };

/** `npm run integration-token`, compiled: prints only the secret. */
function createToken(store: Store): string {
  const run = spawnSync(
    process.execPath,
    ['apps/api/dist/integration-token-cli.js', '--name', 'bench', '--scope', 'all'],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, ...store },
    },
  );
  const token = run.stdout.trim();
  if (!token.startsWith('pit_')) throw new Error(`integration-token failed: ${run.stderr}`);
  return token;
}

async function startServer(store: Store, port: number) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...store,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_ON_EMPTY: 'false',
      JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
      API_RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 240) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    url,
    pid: child.pid as number,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** Samples a process's resident memory every `ms` until stopped; answers the peak (kB). */
function sampleRss(pid: number, ms = 100) {
  let peak = rssKb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssKb(pid));
    } catch {
      // the process has ended
    }
  }, ms);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

const accountNumber = (i: number) => `BA${String(i).padStart(5, '0')}`;

function invoice(i: number, pass: 'first' | 'changed') {
  const account = accountNumber(i % accountCount);
  const lines = Array.from({ length: linesPerInvoice }, (_, l) => ({
    product_cd: `BP${l % productCount}`,
    order_number: `BO-${account}`,
    description: `Service ${l + 1}, November`,
    price: `${(10 + ((i * 7 + l) % 90)).toFixed(2)}`,
  }));
  const sum = lines.reduce((total, line) => total + Math.round(Number(line.price) * 100), 0);
  const total = pass === 'first' ? sum : sum + 125;
  return {
    invoice_number: `BI-${String(i).padStart(6, '0')}`,
    account_number: account,
    bill_date: '2026-11-01',
    due_date: '2026-11-30',
    monthly_charges: (sum / 100).toFixed(2),
    late_payment_charges: pass === 'first' ? 0 : '1.25',
    total_amt_due: (total / 100).toFixed(2),
    lines,
  };
}

async function batch(url: string, token: string, collection: string, items: unknown[]) {
  const res = await fetch(`${url}/api/integration/v1/${collection}/batch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ items }),
  });
  const body = (await res.json()) as { code: string; data: { results: { status: string; errors?: unknown }[] } };
  if (res.status !== 200) throw new Error(`${collection} batch answered ${res.status} ${body.code}`);
  const invalid = body.data.results.find((r) => r.status === 'invalid');
  if (invalid) throw new Error(`${collection}: invalid item ${JSON.stringify(invalid)}`);
  return body.data.results.map((r) => r.status);
}

/** The rows the invoices name: accounts, products, one order per account. */
async function prerequisites(url: string, token: string) {
  await batch(
    url,
    token,
    'accounts',
    Array.from({ length: accountCount }, (_, i) => ({
      account_number: accountNumber(i),
      name: `Bench account ${i}`,
      company: `BenchCo ${i % 10}`,
    })),
  );
  await batch(
    url,
    token,
    'products',
    Array.from({ length: productCount }, (_, i) => ({
      product_cd: `BP${i}`,
      product: `Bench product ${i}`,
      short_product_name: `BP${i}`,
      product_group: 'Bench',
      product_controller: 'bench',
    })),
  );
  await batch(
    url,
    token,
    'orders',
    Array.from({ length: accountCount }, (_, i) => ({
      order_number: `BO-${accountNumber(i)}`,
      account_number: accountNumber(i),
      product_cd: 'BP0',
    })),
  );
}

/** The ceiling: scratch copies of invoices and invoice_products, each batch one INSERT per table. */
async function ceilingOf(store: Store) {
  let db: Db;
  if ('DATABASE_URL' in store) db = await openPostgres(store.DATABASE_URL, 1);
  else {
    db = await openPglite();
    await migrate(db);
  }
  await db.exec(`
    CREATE TABLE ceiling_invoices (LIKE invoices INCLUDING ALL);
    CREATE TABLE ceiling_invoice_products (LIKE invoice_products INCLUDING ALL);`);
  let nextLine = 0;
  return {
    close: () => db.close(),
    /** Milliseconds to write these passes' batches into empty scratch tables. */
    async run(batches: ReturnType<typeof invoice>[][]) {
      await db.exec('TRUNCATE ceiling_invoices, ceiling_invoice_products');
      const started = performance.now();
      for (const items of batches) {
        const ids = items.map((i) => Number(i.invoice_number.slice(3)) + 1);
        await db.query(
          `INSERT INTO ceiling_invoices (cycle_log_id, invoice_number, account_id, bill_date, due_date, monthly_charges,
             late_payment_charges, total_amt_due)
           SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::date[], $5::date[], $6::numeric[], $7::numeric[],
             $8::numeric[])`,
          [
            ids,
            items.map((i) => i.invoice_number),
            items.map((i) => Number(i.account_number.slice(2)) + 1),
            items.map((i) => i.bill_date),
            items.map((i) => i.due_date),
            items.map((i) => i.monthly_charges),
            items.map((i) => i.late_payment_charges),
            items.map((i) => i.total_amt_due),
          ],
        );
        const lines = items.flatMap((i, k) => i.lines.map((l) => ({ ...l, id: ids[k] as number })));
        await db.query(
          `INSERT INTO ceiling_invoice_products (invoice_product_id, cycle_log_id, base_order_id, product_cd,
             description, price)
           SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::text[], $6::numeric[])`,
          [
            lines.map(() => (nextLine += 1)),
            lines.map((l) => l.id),
            lines.map((l) => Number(l.order_number.slice(5)) + 1),
            lines.map((l) => l.product_cd),
            lines.map((l) => l.description),
            lines.map((l) => l.price),
          ],
        );
      }
      return performance.now() - started;
    },
  };
}

async function invoicePasses(name: string, store: Store, port: number) {
  const token = createToken(store);
  const server = await startServer(store, port);
  const rows: Record<string, unknown>[] = [];
  const ceiling = await ceilingOf(store);
  try {
    await prerequisites(server.url, token);
    const startRss = rssKb(server.pid);
    const rss = sampleRss(server.pid);
    for (const [pass, expected] of [
      ['first', 'created'],
      ['first', 'unchanged'],
      ['changed', 'updated'],
    ] as const) {
      const batchMs: number[] = [];
      const started = performance.now();
      for (let from = 0; from < invoiceCount; from += batchSize) {
        const items = Array.from({ length: Math.min(batchSize, invoiceCount - from) }, (_, k) =>
          invoice(from + k, pass),
        );
        const sent = performance.now();
        const statuses = await batch(server.url, token, 'invoices', items);
        batchMs.push(performance.now() - sent);
        const wrong = statuses.find((s) => s !== expected);
        if (wrong) throw new Error(`${expected} pass: an item was ${wrong}`);
      }
      const seconds = (performance.now() - started) / 1000;
      batchMs.sort((a, b) => a - b);
      const batches = [];
      for (let from = 0; from < invoiceCount; from += batchSize)
        batches.push(
          Array.from({ length: Math.min(batchSize, invoiceCount - from) }, (_, k) => invoice(from + k, pass)),
        );
      const ceilingSeconds = (await ceiling.run(batches)) / 1000;
      rows.push({
        database: name,
        pass: expected,
        invoices: invoiceCount,
        lines: invoiceCount * linesPerInvoice,
        seconds: Number(seconds.toFixed(1)),
        upsertsPerSecond: Math.round(invoiceCount / seconds),
        ceilingPerSecond: Math.round(invoiceCount / ceilingSeconds),
        ratio: Number((ceilingSeconds / seconds).toFixed(2)),
        batchMsMedian: Math.round(batchMs[Math.floor(batchMs.length / 2)] as number),
        batchMsMax: Math.round(batchMs.at(-1) as number),
      });
      console.log(rows.at(-1));
    }
    const peak = rss.stop();
    rows.forEach((row) => Object.assign(row, { serverRssStartMB: mb(startRss), serverRssPeakMB: mb(peak) }));
  } finally {
    await server.stop();
    await ceiling.close();
  }
  return rows;
}

/**
 * A CSV of `count` payments of 100 accounts (a provider's payment history, applied set-based), written as
 * a stream (the bench itself must not hold the file either); and the CSV of those accounts.
 */
async function paymentsCsv(file: string, count: number) {
  writeFileSync(
    `${file}.accounts.csv`,
    `account_number,name,company\n${Array.from({ length: accountCount }, (_, i) => `${accountNumber(i)},Account ${i},Co ${i % 10}`).join('\n')}\n`,
  );
  const out = createWriteStream(file);
  out.write('payment_reference,account_number,paid_at,amount\n');
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2024, 0, 1) + (i % 700) * 86_400_000).toISOString().slice(0, 10);
    const line = `IMP-PAY-${i},${accountNumber(i % accountCount)},${day}T10:00:00Z,${(10 + (i % 990)).toFixed(2)}\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** `npm run import` (compiled, as the script runs it) of `rows` items; its memory sampled every 100 ms. */
async function importRun(store: Store, collection: string, file: string, rows: number) {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', 'apps/api/dist/import-cli.js', '--collection', collection, '--file', file],
    { cwd: root, env: { ...process.env, ...store }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const pid = child.pid as number;
  const rss = sampleRss(pid);
  const atTenths: { progress: string; rssMB: number }[] = [];
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  // Not a terminal: the command prints a progress line at each tenth of the file.
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    for (const line of text.split('\n').filter((l) => /^\s*\d+% /.test(l))) {
      try {
        atTenths.push({ progress: line.trim(), rssMB: mb(rssKb(pid)) });
      } catch {
        // ended
      }
    }
  });
  const started = performance.now();
  const [code] = (await once(child, 'exit')) as [number];
  const seconds = (performance.now() - started) / 1000;
  const peak = rss.stop();
  if (code !== 0) throw new Error(`import exited ${code}: ${stdout.slice(-500)}`);
  return {
    rows,
    fileMB: mb(statSync(file).size / 1024),
    seconds: Number(seconds.toFixed(0)),
    rowsPerSecond: Math.round(rows / seconds),
    peakRssMB: mb(peak),
    report: stdout.trim().split('\n').at(-1),
    atTenths,
  };
}

spawnSync(process.execPath, ['scripts/ensure-build.mjs', 'api'], { cwd: root, stdio: 'inherit' });
const results: Record<string, unknown> = {
  started: new Date().toISOString(),
  loadAverageAtStart: load(),
  invoices: invoiceCount,
  linesPerInvoice,
  batchSize,
};
const upserts: Record<string, unknown>[] = [];
if (!only || only === 'pg') {
  upserts.push(
    ...(await invoicePasses('PostgreSQL', { DATABASE_URL: await freshDatabase('portal_bench_integration') }, 4610)),
  );
}
if (!only || only === 'embedded') {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-integration-'));
  try {
    upserts.push(...(await invoicePasses('embedded', { DATA_DIR: dir }, 4611)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (upserts.length) {
  console.log(`\nInvoices with ${linesPerInvoice} lines, batches of ${batchSize} over HTTP (load average ${load()})`);
  console.table(upserts);
  results.upserts = upserts;
}
if (!only || only === 'import') {
  const file = join(tmpdir(), `portal-bench-import-${importRows}.csv`);
  await paymentsCsv(file, importRows);
  const store = { DATABASE_URL: await freshDatabase('portal_bench_import') };
  await importRun(store, 'accounts', `${file}.accounts.csv`, accountCount);
  const run = await importRun(store, 'payments', file, importRows);
  rmSync(file, { force: true });
  rmSync(`${file}.accounts.csv`, { force: true });
  console.log(
    `\nnpm run import of ${importRows.toLocaleString('en-US')} CSV payment rows on PostgreSQL (load average ${load()})`,
  );
  console.table(run.atTenths);
  console.log({ ...run, atTenths: undefined });
  results.import = run;
}
results.loadAverageAtEnd = load();
console.log(`load average at the end: ${results.loadAverageAtEnd}`);
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, `bench/results/integration-${String(results.started).replace(/[:.]/g, '-')}.json`),
  JSON.stringify(results, null, 2),
);
