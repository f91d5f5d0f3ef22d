// Billing calls on PostgreSQL seeded with 10,000 accounts (13 months of invoices each):
//  - invoice list and invoice detail (and the other billing reads) at 50 connections, budget p99 < 50 ms;
//  - the invoice PDF of one invoice, budget < 200 ms;
//  - the services CSV of accounts with 1,000 and 10,000 services (13 monthly lines each), streamed:
//    the server's RSS is sampled while it writes the file, to show memory does not grow with the file.
// Run: npm run billing -w @portal/bench   (SCALE=…, SECONDS=… to change; ONLY=reads|pdf|csv for one part)

import { openPostgres, type Db } from '../apps/api/src/db/client.ts';
import {
  load,
  measureDownload,
  post,
  report,
  seededDatabase,
  signIn,
  startServer,
  type Target,
} from './lib/harness.ts';

const scale = Number(process.env.SCALE ?? 10000);
const seconds = Number(process.env.SECONDS ?? 8);
const only = process.env.ONLY;
const runs = (part: 'reads' | 'pdf' | 'csv') => !only || only === part;

/** A user holding one account with `services` services, each billed on 13 monthly invoices. */
const csvAccounts = [
  { services: 1000, email: 'bench-csv-1000@demo.test', accountNumber: '9001000' },
  { services: 10000, email: 'bench-csv-10000@demo.test', accountNumber: '9010000' },
] as const;

async function ensureCsvAccount(db: Db, spec: (typeof csvAccounts)[number]): Promise<void> {
  if (await db.one('SELECT 1 FROM accounts WHERE account_number = $1', [spec.accountNumber])) return;
  await db.tx(async (t) => {
    const user = await t.one<{ user_id: number }>(
      `INSERT INTO users (email_nm, first_nm, last_nm, password_hash, email_verified_at)
       SELECT $1, 'Bench', 'Csv', password_hash, now() FROM users WHERE email_nm = 'customer@demo.test'
       RETURNING user_id`,
      [spec.email],
    );
    await t.query(
      `INSERT INTO legal_acceptances (user_id, legal_agreement_id)
       SELECT $1, legal_agreement_id FROM legal_agreements WHERE active`,
      [user?.user_id],
    );
    const account = await t.one<{ account_id: number }>(
      `INSERT INTO accounts (account_number, name, company_nm) VALUES ($1, $2, 'Bench Holdings') RETURNING account_id`,
      [spec.accountNumber, `Bench – ${spec.services} services`],
    );
    const accountId = account?.account_id;
    await t.query('INSERT INTO accounts_users (account_id, user_id) VALUES ($1, $2)', [accountId, user?.user_id]);
    const products = (
      await t.query<{ product_cd: string }>('SELECT product_cd FROM products WHERE active ORDER BY product_cd')
    ).map((p) => p.product_cd);
    await t.query(
      `INSERT INTO orders (account_id, order_number, product_cd, uss_circuit_id, customer_ref, mrc_charges)
       SELECT $1, $2 || '-' || lpad(g::text, 6, '0'), ($3::text[])[1 + g % array_length($3::text[], 1)],
              'CKT/' || $2 || '/' || g, CASE WHEN g % 7 = 0 THEN 'Site "' || g || '", rack A' END, 50 + (g % 40) * 12.5
         FROM generate_series(1, $4) AS g`,
      [accountId, `B${spec.accountNumber}`, products, spec.services],
    );
    await t.query(
      `INSERT INTO invoices (account_id, invoice_number, bill_date, due_date, total_amt_due, amount_paid, monthly_charges)
       SELECT $1, 'BENCH-' || $2 || '-' || m, (date_trunc('month', now()) - make_interval(months => m))::date,
              (date_trunc('month', now()) - make_interval(months => m))::date + 30, 0, 0, 0
         FROM generate_series(0, 12) AS m`,
      [accountId, spec.accountNumber],
    );
    await t.query(
      `INSERT INTO invoice_products (cycle_log_id, base_order_id, product_cd, price)
       SELECT i.cycle_log_id, o.base_order_id, o.product_cd, o.mrc_charges
         FROM invoices i JOIN orders o ON o.account_id = i.account_id
        WHERE i.account_id = $1`,
      [accountId],
    );
    await t.query(
      `UPDATE invoices i SET monthly_charges = s.total, total_amt_due = s.total
         FROM (SELECT cycle_log_id, sum(price) AS total FROM invoice_products GROUP BY cycle_log_id) s
        WHERE s.cycle_log_id = i.cycle_log_id AND i.account_id = $1`,
      [accountId],
    );
  });
  await db.exec('ANALYZE invoices; ANALYZE invoice_products; ANALYZE orders;');
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Billing reads of one signed-in customer at 50 connections. */
async function readFigures(url: string, token: string, accountId: number, cycleLogId: number, notificationId: number) {
  const targets: Target[] = [
    // Control: a light call outside billing, to tell the machine's floor from the billing queries' cost.
    { name: 'control: accounts/get-accounts', method: 'GET', path: '/api/accounts/get-accounts' },
    {
      name: 'invoices/get-invoices (account)',
      method: 'POST',
      path: '/api/invoices/get-invoices',
      body: { accountId },
    },
    {
      name: 'invoices/get-invoices (all, search)',
      method: 'POST',
      path: '/api/invoices/get-invoices?page=2',
      body: { search: 'INV-20' },
    },
    {
      name: 'invoices/get-invoice',
      method: 'POST',
      path: '/api/invoices/get-invoice',
      body: { accountId, cycleLogId },
    },
    { name: 'invoices/get-balance-history', method: 'POST', path: '/api/invoices/get-balance-history' },
    {
      name: 'notifications/get-cmc-notifications',
      method: 'POST',
      path: '/api/notifications/get-cmc-notifications',
      body: {},
    },
    {
      name: 'notifications/get-cmc-notification',
      method: 'POST',
      path: '/api/notifications/get-cmc-notification',
      body: { notificationId },
    },
  ];
  const figures = [];
  for (const target of targets) {
    await load(url, token, target, 10, 1); // warm-up: JIT and pool connections, not measured
    figures.push(await load(url, token, target, 50, seconds));
  }
  report(`Billing reads, 50 connections, ${seconds} s each, scale ${scale} (budget p99 < 50 ms)`, figures, 50);
}

/** The PDF of one invoice: 100 requests one at a time (after 5 to warm up), then 10 connections at once. */
async function pdfFigures(url: string, token: string, pdfBody: { accountId: number; cycleLogId: number }) {
  const times: number[] = [];
  let pdfBytes = 0;
  for (let i = 0; i < 105; i++) {
    const started = performance.now();
    const res = await post(url, token, '/api/invoices/download-invoice', pdfBody);
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200) throw new Error(`PDF answered ${res.status}`);
    if (i >= 5) times.push(performance.now() - started);
    pdfBytes = bytes;
  }
  times.sort((a, b) => a - b);
  const concurrent = await load(
    url,
    token,
    {
      name: 'invoices/download-invoice (10 connections)',
      method: 'POST',
      path: '/api/invoices/download-invoice',
      body: pdfBody,
    },
    10,
    seconds,
  );
  console.log('\nInvoice PDF (budget < 200 ms)');
  console.table([
    {
      measure: 'one at a time, 100 requests',
      bytes: pdfBytes,
      p50: Number(percentile(times, 50).toFixed(1)),
      p99: Number(percentile(times, 99).toFixed(1)),
      max: Number((times[times.length - 1] ?? 0).toFixed(1)),
      withinBudget: percentile(times, 99) < 200,
    },
    {
      measure: '10 connections',
      requestsPerSecond: concurrent.requestsPerSecond,
      p50: concurrent.p50,
      p99: concurrent.p99,
      withinBudget: concurrent.p99 < 200 && concurrent.non2xx === 0,
    },
  ]);
}

/** The services CSV of each bench account, 3 times: server RSS sampled every 10 ms while the client reads it. */
async function csvFigures(url: string, pid: number) {
  const figures = [];
  for (const spec of csvAccounts) {
    const token = await signIn(url, spec.email);
    const own = (await (
      await fetch(`${url}/api/accounts/get-accounts`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      data: { account_id: number }[];
    };
    const accountId = own.data[0]?.account_id;
    for (let run = 0; run < 3; run++) {
      const figure = await measureDownload(pid, () =>
        post(url, token, '/api/invoices/download-invoice-product-history', { accountId }),
      );
      figures.push({ services: spec.services, run: run + 1, ...figure });
    }
  }
  console.log('\nServices CSV, streamed in keyset batches of up to 1,000 lines (server RSS sampled every 10 ms)');
  console.table(figures);
}

const databaseUrl = await seededDatabase(scale);
{
  const db = await openPostgres(databaseUrl, 2);
  for (const spec of csvAccounts) await ensureCsvAccount(db, spec);
  await db.close();
}
// Its own port, so it can run beside the other benchmarks (8199 is the harness default).
const server = await startServer(databaseUrl, Number(process.env.PORT ?? 8197));
try {
  const token = await signIn(server.url, 'customer@demo.test');
  const accounts = (await (
    await fetch(`${server.url}/api/accounts/get-accounts`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as {
    data: { account_id: number }[];
  };
  const accountId = accounts.data[0]?.account_id as number;
  const list = (await (await post(server.url, token, '/api/invoices/get-invoices', { accountId })).json()) as {
    data: { data: { cycle_log_id: number; is_downloadable: boolean }[] };
  };
  const cycleLogId = (list.data.data.find((i) => i.is_downloadable) as { cycle_log_id: number }).cycle_log_id;
  const notifications = (await (
    await post(server.url, token, '/api/notifications/get-cmc-notifications', {})
  ).json()) as {
    data: { data: { cmc_contact_email_id: number }[] };
  };
  const notificationId = notifications.data.data[0]?.cmc_contact_email_id as number;

  if (runs('reads')) await readFigures(server.url, token, accountId, cycleLogId, notificationId);
  if (runs('pdf')) await pdfFigures(server.url, token, { accountId, cycleLogId });
  if (runs('csv')) {
    if (server.pid === undefined) throw new Error('the server has no pid to read its memory from');
    await csvFigures(server.url, server.pid);
  }
} finally {
  await server.stop();
}
