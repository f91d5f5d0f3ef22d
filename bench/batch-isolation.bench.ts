// Batch isolation (decision 114): how long a customer's accounts list takes while the provider's systems
// send batches. The compiled server on a copy of the seeded demo database (PostgreSQL); first the customer's
// call alone (40 calls), then the same call once every 50 ms while BENCH_BATCHES (8) batches of 1,000 new
// invoices with 5 lines each run at once, one token each; then the same with the batches all from one
// token, which the in-flight limit answers with 429 beyond its ceiling. Latencies in milliseconds.
// Run: npm run batch-isolation -w @portal/bench   (BENCH_BATCHES=8, BENCH_ROUNDS=2)
// Port 4620; PostgreSQL databases portal_bench_batch_tpl (kept: the seeded demo) and
// portal_bench_batch_isolation (made anew from it each run).

import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

import pg from 'pg';

import { root, seededDatabase, signIn, startServer } from './lib/harness.ts';

const batchCount = Number(process.env.BENCH_BATCHES ?? 8);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const batchSize = 1000;
const accountCount = 100;
const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** A fresh copy of the seeded demo database (seeding it takes half a minute; copying it, a second). */
async function freshCopy(): Promise<string> {
  const template = new URL(await seededDatabase(1, 'portal_bench_batch_tpl')).pathname.slice(1);
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS portal_bench_batch_isolation WITH (FORCE)');
  await admin.query(`CREATE DATABASE portal_bench_batch_isolation TEMPLATE ${template}`);
  await admin.end();
  const url = new URL(pgBase);
  url.pathname = '/portal_bench_batch_isolation';
  return url.toString();
}

/** `npm run integration-token`, compiled: prints only the secret. */
function createToken(databaseUrl: string, name: string): string {
  const run = spawnSync(
    process.execPath,
    ['apps/api/dist/integration-token-cli.js', '--name', name, '--scope', 'all'],
    { cwd: root, encoding: 'utf8', env: { ...process.env, DATABASE_URL: databaseUrl } },
  );
  const token = run.stdout.trim();
  if (!token.startsWith('pit_')) throw new Error(`integration-token failed: ${run.stderr}`);
  return token;
}

async function batch(url: string, token: string, collection: string, items: unknown[]) {
  const res = await fetch(`${url}/api/integration/v1/${collection}/batch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ items }),
  });
  const body = (await res.json()) as { code: string; data: { results: { status: string }[] } | null };
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body };
}

const accountNumber = (i: number) => `BI${String(i).padStart(4, '0')}`;

/** A new invoice with 5 lines; `n` makes its number unique across the whole run. */
const invoice = (n: number) => {
  const account = accountNumber(n % accountCount);
  return {
    invoice_number: `BIS-${n}`,
    account_number: account,
    bill_date: '2026-11-01',
    due_date: '2026-11-30',
    monthly_charges: '50.00',
    total_amt_due: '50.00',
    lines: Array.from({ length: 5 }, (_, l) => ({
      product_cd: 'BIP',
      order_number: `BIO-${account}`,
      description: `Service ${l + 1}`,
      price: '10.00',
    })),
  };
};

async function prerequisites(url: string, token: string) {
  const accounts = Array.from({ length: accountCount }, (_, i) => ({
    account_number: accountNumber(i),
    name: `Isolation ${i}`,
    company: `IsoCo ${i % 10}`,
  }));
  const product = {
    product_cd: 'BIP',
    product: 'Isolation product',
    short_product_name: 'BIP',
    product_group: 'Bench',
    product_controller: 'bench',
  };
  const orders = accounts.map((a) => ({
    order_number: `BIO-${a.account_number}`,
    account_number: a.account_number,
    product_cd: 'BIP',
  }));
  for (const [collection, items] of [
    ['accounts', accounts],
    ['products', [product]],
    ['orders', orders],
  ] as const) {
    const res = await batch(url, token, collection, [...items]);
    if (res.status !== 200) throw new Error(`${collection}: ${res.status} ${res.body.code}`);
  }
}

const percentile = (sorted: number[], p: number) =>
  Number((sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0).toFixed(1));
const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    calls: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    max: percentile(sorted, 100),
  };
};

/** One customer call, timed. */
async function accountsList(url: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/api/accounts/get-accounts`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`accounts list answered ${res.status}`);
  return performance.now() - started;
}

/** The customer's call every 50 ms until `work` settles; its latencies and what `work` answered. */
async function during<T>(url: string, token: string, work: Promise<T>) {
  let done = false;
  const settled = work.finally(() => (done = true));
  const ms: number[] = [];
  while (!done) {
    ms.push(await accountsList(url, token));
    await new Promise((r) => setTimeout(r, 50));
  }
  return { ms, result: await settled };
}

spawnSync(process.execPath, ['scripts/ensure-build.mjs', 'api'], { cwd: root, stdio: 'inherit' });
const databaseUrl = await freshCopy();
const tokens = Array.from({ length: batchCount }, (_, i) => createToken(databaseUrl, `isolation-${i}`));
const server = await startServer(databaseUrl, 4620);
const rows: Record<string, unknown>[] = [];
let next = 0;
try {
  await prerequisites(server.url, tokens[0] as string);
  const customer = await signIn(server.url, 'customer@demo.test');
  const idle: number[] = [];
  for (let i = 0; i < 40; i++) idle.push(await accountsList(server.url, customer));
  rows.push({ run: 'customer alone', ...summary(idle), load: load() });
  console.log(rows.at(-1));
  for (const [name, tokenOf] of [
    [`${batchCount} tokens, one batch each`, (i: number) => tokens[i] as string],
    [`one token, ${batchCount} batches at once`, () => tokens[0] as string],
  ] as const) {
    const customerMs: number[] = [];
    const batchMs: number[] = [];
    const answered: Record<string, number> = {};
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      const work = Promise.all(
        Array.from({ length: batchCount }, async (_, i) => {
          const items = Array.from({ length: batchSize }, () => invoice((next += 1)));
          const sent = performance.now();
          const res = await batch(server.url, tokenOf(i), 'invoices', items);
          const label = res.status === 200 ? '200' : `${res.status} ${res.body.code} retry-after ${res.retryAfter}`;
          answered[label] = (answered[label] ?? 0) + 1;
          if (res.status === 200) batchMs.push(performance.now() - sent);
        }),
      );
      const { ms } = await during(server.url, customer, work);
      customerMs.push(...ms);
      console.log(`  ${name}, round ${round + 1}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    rows.push({
      run: name,
      ...summary(customerMs),
      batchMsP50: summary(batchMs).p50,
      batchMsMax: summary(batchMs).max,
      answers: JSON.stringify(answered),
      load: load(),
    });
    console.log(rows.at(-1));
  }
} finally {
  await server.stop();
}
console.log(`\nThe customer's accounts list (ms) while ${batchCount} batches of ${batchSize} invoices run`);
console.table(rows);
const started = new Date().toISOString();
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, `bench/results/batch-isolation-${started.replace(/[:.]/g, '-')}.json`),
  JSON.stringify({ started, batchCount, batchSize, rounds, rows }, null, 2),
);
