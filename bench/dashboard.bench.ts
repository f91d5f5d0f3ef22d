// Dashboard calls of one signed-in user at 50 connections on PostgreSQL seeded with 10,000 accounts,
// and the app's initial JavaScript size. Run: npm run dashboard -w @portal/bench (SCALE=… and BENCH_SECONDS=… to change).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { load, report, root, seededDatabase, signIn, startServer, type Target } from './lib/harness.ts';

const scale = Number(process.env.SCALE ?? 10000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

const databaseUrl = await seededDatabase(scale);
const server = await startServer(databaseUrl);
try {
  const token = await signIn(server.url, 'customer@demo.test');
  const accounts = (await (
    await fetch(`${server.url}/api/accounts/get-accounts`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { account_id: number }[] };
  const accountId = accounts.data[0]?.account_id;
  const latest = (await (
    await fetch(`${server.url}/api/invoices/get-latest-invoice`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accountId }),
    })
  ).json()) as { data: { cycle_log_id: number } };

  const targets: Target[] = [
    { name: 'users/get-authenticated-user', method: 'GET', path: '/api/users/get-authenticated-user' },
    { name: 'accounts/get-accounts', method: 'GET', path: '/api/accounts/get-accounts' },
    { name: 'orders/get-products', method: 'GET', path: '/api/orders/get-products' },
    { name: 'content/portal-resource-categories', method: 'GET', path: '/api/content/portal-resource-categories' },
    { name: 'notifications/get-outages', method: 'POST', path: '/api/notifications/get-outages' },
    {
      name: 'notifications/get-active-cmc-notifications-count',
      method: 'POST',
      path: '/api/notifications/get-active-cmc-notifications-count',
    },
    {
      name: 'tickets/get-tickets (4)',
      method: 'POST',
      path: '/api/tickets/get-tickets',
      body: { perPage: 4, sort_column: 'last_update_posted', sort_order: 'desc' },
    },
    {
      name: 'tickets/get-tickets-requesting-response',
      method: 'POST',
      path: '/api/tickets/get-tickets-requesting-response',
    },
    { name: 'orders/get-pending-orders', method: 'POST', path: '/api/orders/get-pending-orders', body: { count: 5 } },
    {
      name: 'invoices/get-latest-invoice',
      method: 'POST',
      path: '/api/invoices/get-latest-invoice',
      body: { accountId },
    },
    {
      name: 'invoices/get-invoice-products',
      method: 'POST',
      path: '/api/invoices/get-invoice-products',
      body: { accountId, cycleLogId: latest.data.cycle_log_id },
    },
    { name: 'contact/get-team', method: 'POST', path: '/api/contact/get-team', body: { accountId } },
  ];
  const figures = [];
  for (const target of targets) figures.push(await load(server.url, token, target, 50, seconds));
  report(`Dashboard calls, 50 connections, ${seconds} s each, scale ${scale} (budget p99 < 50 ms)`, figures, 50);
} finally {
  await server.stop();
}

// Initial JavaScript: the entry script and the chunks index.html preloads, gzip-compressed.
const dist = join(root, 'apps/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/portal\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
const bytes = initial.reduce((sum, file) => sum + gzipSync(readFileSync(join(dist, file))).length, 0);
const all = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
console.log(
  `\nInitial JavaScript: ${initial.length} files, ${(bytes / 1024).toFixed(1)} kB gzip (budget 200 kB); ${all.length} chunks in all`,
);
