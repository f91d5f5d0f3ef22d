// The cost of the scope rule's second branch (decision 129): since customer API tokens, every scoped
// query reads `account_id IN (accounts_users of the user UNION ALL customer_api_token_accounts of -id)`
// where it read the accounts_users branch alone. Measured on the invoices list of a user with many
// accounts (first page of 25, newest first, with the total count), before (one branch) and after
// (db/scope.ts as it is), alternating, median of repeated rounds. PostgreSQL, database
// portal_bench_scope (made anew each run), tables shaped as the migrations make them.
// Run: npx tsx bench/scope-union.bench.ts   (BENCH_ACCOUNTS=200 accounts of the user, 24 invoices each)

import { loadavg } from 'node:os';

import pg from 'pg';

import { inCallerAccounts } from '../apps/api/src/db/scope.ts';

const pgBase = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const userAccounts = Number(process.env.BENCH_ACCOUNTS ?? 200);
const otherAccounts = 1800;
const invoicesPerAccount = 24;
const rounds = 9;
const perRound = 100;

const before = (column: string, n: number) =>
  `${column} IN (SELECT au.account_id FROM accounts_users au WHERE au.user_id = $${n})`;

const listQuery = (scope: (column: string, n: number) => string) =>
  `SELECT i.cycle_log_id, i.account_id, i.bill_date, i.total_amt_due, count(*) OVER () AS total_count
     FROM invoices i WHERE ${scope('i.account_id', 1)}
    ORDER BY i.bill_date DESC, i.cycle_log_id DESC LIMIT 25`;

async function database(): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: pgBase });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS portal_bench_scope WITH (FORCE)');
  await admin.query('CREATE DATABASE portal_bench_scope');
  await admin.end();
  const url = new URL(pgBase);
  url.pathname = '/portal_bench_scope';
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  return db;
}

async function seed(db: pg.Client) {
  const accounts = userAccounts + otherAccounts;
  await db.query(`
    CREATE TABLE accounts_users (user_id integer NOT NULL, account_id integer NOT NULL,
      is_account_admin boolean NOT NULL DEFAULT false, PRIMARY KEY (account_id, user_id));
    CREATE INDEX accounts_users_user_idx ON accounts_users (user_id, account_id);
    CREATE TABLE customer_api_token_accounts (token_id integer NOT NULL, account_id integer NOT NULL,
      PRIMARY KEY (token_id, account_id));
    CREATE INDEX customer_api_token_accounts_account_idx ON customer_api_token_accounts (account_id, token_id);
    CREATE TABLE invoices (cycle_log_id serial PRIMARY KEY, account_id integer NOT NULL, bill_date date NOT NULL,
      total_amt_due numeric(14,2) NOT NULL);
    CREATE INDEX invoices_account_idx ON invoices (account_id, bill_date DESC);`);
  // User 1 uses the first accounts; 500 other users use the rest; 50 tokens hold 20 accounts each.
  await db.query(`INSERT INTO accounts_users SELECT 1, a FROM generate_series(1, $1) a`, [userAccounts]);
  await db.query(`INSERT INTO accounts_users SELECT 2 + (a % 500), a FROM generate_series($1 + 1, $2) a`, [
    userAccounts,
    accounts,
  ]);
  await db.query(
    `INSERT INTO customer_api_token_accounts SELECT t, 1 + ((t * 37 + k) % $1) FROM generate_series(1, 50) t,
       generate_series(1, 20) k ON CONFLICT DO NOTHING`,
    [accounts],
  );
  await db.query(
    `INSERT INTO invoices (account_id, bill_date, total_amt_due)
     SELECT a, date '2026-12-01' - (m * 30), 100 + (a % 50) FROM generate_series(1, $1) a, generate_series(0, $2 - 1) m`,
    [accounts, invoicesPerAccount],
  );
  await db.query('ANALYZE');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

async function main() {
  const db = await database();
  await seed(db);
  const queries = { before: listQuery(before), after: listQuery(inCallerAccounts) };
  const same = await Promise.all(Object.values(queries).map((q) => db.query(q, [1])));
  if (JSON.stringify(same[0]!.rows) !== JSON.stringify(same[1]!.rows)) throw new Error('the two queries differ');
  const perQuery: Record<keyof typeof queries, number[]> = { before: [], after: [] };
  for (let round = 0; round < rounds; round++)
    for (const name of round % 2 ? (['after', 'before'] as const) : (['before', 'after'] as const)) {
      const started = process.hrtime.bigint();
      for (let i = 0; i < perRound; i++) await db.query(queries[name], [1]);
      perQuery[name].push(Number(process.hrtime.bigint() - started) / 1e6 / perRound);
    }
  const plan = async (q: string) =>
    (await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, TIMING OFF, SUMMARY OFF) ${q}`, [1])).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
  const { rows: version } = await db.query<{ v: string }>("SELECT current_setting('server_version') AS v");
  console.log(`scope rule's UNION ALL branch: invoices list of a user with ${userAccounts} accounts`);
  console.log(
    `  ${userAccounts + otherAccounts} accounts, ${(userAccounts + otherAccounts) * invoicesPerAccount} invoices, PostgreSQL ${version[0]!.v}, load ${loadavg()[0]!.toFixed(1)}`,
  );
  for (const name of ['before', 'after'] as const)
    console.log(
      `  ${name.padEnd(6)} median ${median(perQuery[name]).toFixed(3)} ms a query (rounds: ${perQuery[name].map((v) => v.toFixed(2)).join(' ')})`,
    );
  const ratio = median(perQuery.after) / median(perQuery.before);
  console.log(`  after / before: ${ratio.toFixed(2)}`);
  console.log(`\n-- plan before\n${await plan(queries.before)}\n\n-- plan after\n${await plan(queries.after)}`);
  await db.end();
}

await main();
