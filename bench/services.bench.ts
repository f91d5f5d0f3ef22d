// Services calls on PostgreSQL seeded with 10,000 accounts (about 100,000 orders):
//  - the services list and search (orders/get-orders) and the other services reads at 50 connections,
//    for the demo customer and for an account holding 5,000 services; budget p99 < 50 ms;
//  - the orders CSV of accounts with 5,000 and 50,000 services, streamed in keyset batches: the
//    server's RSS is sampled while it writes the file, to show memory does not grow with the file.
// Run: npm run services -w @portal/bench   (SCALE=…, BENCH_SECONDS=… to change)

import { openPostgres, type Db } from '../apps/api/src/db/client.ts';
import {
  load,
  measureDownload,
  post,
  report,
  seededDatabase,
  signIn,
  startServer,
  type Figure,
  type Target,
} from './lib/harness.ts';

const scale = Number(process.env.SCALE ?? 10000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

/** A user holding one account with `services` services (orders). */
const bigAccounts = [
  { services: 5000, email: 'bench-orders-5000@demo.test', accountNumber: '9105000' },
  { services: 50000, email: 'bench-orders-50000@demo.test', accountNumber: '9150000' },
] as const;

async function ensureBigAccount(db: Db, spec: (typeof bigAccounts)[number]): Promise<void> {
  if (await db.one('SELECT 1 FROM accounts WHERE account_number = $1', [spec.accountNumber])) return;
  await db.tx(async (t) => {
    const user = await t.one<{ user_id: number }>(
      `INSERT INTO users (email_nm, first_nm, last_nm, password_hash, email_verified_at)
       SELECT $1, 'Bench', 'Orders', password_hash, now() FROM users WHERE email_nm = 'customer@demo.test'
       RETURNING user_id`,
      [spec.email],
    );
    await t.query(
      'INSERT INTO legal_acceptances (user_id, legal_agreement_id) SELECT $1, legal_agreement_id FROM legal_agreements WHERE active',
      [user?.user_id],
    );
    const account = await t.one<{ account_id: number }>(
      `INSERT INTO accounts (account_number, name, company_nm) VALUES ($1, $2, 'Bench Holdings') RETURNING account_id`,
      [spec.accountNumber, `Bench – ${spec.services} services`],
    );
    await t.query('INSERT INTO accounts_users (account_id, user_id) VALUES ($1, $2)', [
      account?.account_id,
      user?.user_id,
    ]);
    const products = (
      await t.query<{ product_cd: string }>('SELECT product_cd FROM products WHERE active ORDER BY product_cd')
    ).map((p) => p.product_cd);
    await t.query(
      `INSERT INTO orders (account_id, order_number, product_cd, uss_circuit_id, customer_ref, alias, mrc_charges)
       SELECT $1, $2 || '-' || lpad(g::text, 6, '0'), ($3::text[])[1 + g % array_length($3::text[], 1)],
              'NW/BENCH/' || lpad(g::text, 6, '0'),
              CASE WHEN g % 3 = 0 THEN 'PO-' || (10000 + g % 9000) END,
              CASE WHEN g % 5 = 0 THEN 'Site ' || (g % 400) || ', rack "A"' END,
              50 + (g % 40) * 12.5
         FROM generate_series(1, $4) AS g`,
      [account?.account_id, `B${spec.accountNumber}`, products, spec.services],
    );
  });
  await db.exec('ANALYZE orders; ANALYZE accounts; ANALYZE accounts_users;');
}

const json = async <T>(res: Response) => ((await res.json()) as { data: T }).data;

const databaseUrl = await seededDatabase(scale);
{
  const db = await openPostgres(databaseUrl, 2);
  for (const spec of bigAccounts) await ensureBigAccount(db, spec);
  const counts = await db.one<{ accounts: number; orders: number; users: number }>(
    'SELECT (SELECT count(*) FROM accounts) AS accounts, (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM users) AS users',
  );
  console.log(`database: ${counts?.accounts} accounts, ${counts?.orders} orders, ${counts?.users} users`);
  await db.close();
}
const server = await startServer(databaseUrl);
try {
  const token = await signIn(server.url, 'customer@demo.test');
  const big = await signIn(server.url, bigAccounts[0].email);
  // The app always names the account (its account dropdown), so the calls below do too.
  const accountOf = async (t: string) =>
    (
      (await (
        await fetch(`${server.url}/api/accounts/get-accounts`, { headers: { authorization: `Bearer ${t}` } })
      ).json()) as {
        data: { account_id: number }[];
      }
    ).data[0]?.account_id as number;
  const accountId = await accountOf(token);
  const bigAccountId = await accountOf(big);
  const mine = await json<{ data: { base_order_id: number; uss_circuit_id: string }[] }>(
    await post(server.url, token, '/api/orders/get-orders', { accountId }),
  );
  const order = mine.data[0] as { base_order_id: number; uss_circuit_id: string };

  // 1. Services reads at 50 connections.
  const customerTargets: Target[] = [
    // The floor on this machine: the cheapest signed-in call (token check plus one tiny query).
    { name: 'orders/get-products (floor)', method: 'GET', path: '/api/orders/get-products' },
    { name: 'get-orders (account)', method: 'POST', path: '/api/orders/get-orders', body: { accountId } },
    { name: 'get-orders (all accounts)', method: 'POST', path: '/api/orders/get-orders', body: {} },
    {
      name: 'get-orders (search circuit)',
      method: 'POST',
      path: '/api/orders/get-orders',
      body: { accountId, search_all: order.uss_circuit_id },
    },
    {
      name: 'get-orders (group, sorted by MRC)',
      method: 'POST',
      path: '/api/orders/get-orders',
      body: { accountId, search_product_group: 'network', sort: 'mrc_charges', order: 'desc' },
    },
    {
      name: 'get-orders (code di)',
      method: 'POST',
      path: '/api/orders/get-orders',
      body: { accountId, search_product_cd: 'di' },
    },
    { name: 'get-order', method: 'POST', path: '/api/orders/get-order', body: { baseOrderId: order.base_order_id } },
    {
      name: 'tickets/get-tickets (list page)',
      method: 'POST',
      path: '/api/tickets/get-tickets',
      body: { accountId, perPage: 20 },
    },
  ];
  const a = bigAccountId;
  const bigTargets: Target[] = [
    { name: '5,000: get-orders page 1', method: 'POST', path: '/api/orders/get-orders', body: { accountId: a } },
    {
      name: '5,000: get-orders page 120, sort alias',
      method: 'POST',
      path: '/api/orders/get-orders?page=120',
      body: { accountId: a, sort: 'alias' },
    },
    {
      name: '5,000: get-orders sort MRC desc',
      method: 'POST',
      path: '/api/orders/get-orders',
      body: { accountId: a, sort: 'mrc_charges', order: 'desc' },
    },
    {
      name: '5,000: get-orders search "rack"',
      method: 'POST',
      path: '/api/orders/get-orders',
      body: { accountId: a, search_all: 'rack' },
    },
    {
      name: '5,000: get-orders search one circuit',
      method: 'POST',
      path: '/api/orders/get-orders',
      body: { accountId: a, search_all: 'NW/BENCH/004321' },
    },
    {
      name: '5,000: get-orders group',
      method: 'POST',
      path: '/api/orders/get-orders',
      body: { accountId: a, search_product_group: 'cloud' },
    },
  ];
  const figures: Figure[] = [];
  const measure = async (t: string, target: Target) => {
    await load(server.url, t, target, 10, 1); // warm-up: JIT and pool connections, not measured
    figures.push(await load(server.url, t, target, 50, seconds));
  };
  for (const target of customerTargets) await measure(token, target);
  for (const target of bigTargets) await measure(big, target);
  report(`Services reads, 50 connections, ${seconds} s each, scale ${scale} (budget p99 < 50 ms)`, figures, 50);

  // 2. The orders CSV, streamed: server RSS sampled every 10 ms while the client reads the file.
  const csvFigures = [];
  for (const spec of bigAccounts) {
    const csvToken = await signIn(server.url, spec.email);
    const csvAccountId = await accountOf(csvToken);
    for (const [run, sort] of [
      [1, {}],
      [2, { sort: 'customer_ref', order: 'asc' }],
      [3, { sort: 'mrc_charges', order: 'desc' }],
    ] as const) {
      const figure = await measureDownload(server.pid as number, () =>
        post(server.url, csvToken, '/api/orders/download-orders', { accountId: csvAccountId, ...sort }),
      );
      csvFigures.push({
        services: spec.services,
        run,
        sort: 'sort' in sort ? `${sort.sort} ${sort.order}` : 'unsorted',
        ...figure,
      });
      if (figure.rows !== spec.services) throw new Error(`expected ${spec.services} rows, got ${figure.rows}`);
    }
  }
  console.log('\nOrders CSV, streamed in keyset batches of 1,000 rows (server RSS sampled every 10 ms)');
  console.table(csvFigures);
} finally {
  await server.stop();
}
