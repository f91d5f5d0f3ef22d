// Dashboard calls of one signed-in user at 50 connections on PostgreSQL seeded with 10,000 accounts,
// and the app's initial JavaScript size. Run: npm run dashboard -w @portal/bench (SCALE=… and BENCH_SECONDS=… to change).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { dashboardTargets, load, report, root, seededDatabase, signIn, startServer } from './lib/harness.ts';

const scale = Number(process.env.SCALE ?? 10000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

const databaseUrl = await seededDatabase(scale);
const server = await startServer(databaseUrl);
try {
  const token = await signIn(server.url, 'customer@demo.test');
  const accounts = (await (
    await fetch(`${server.url}/api/accounts/get-accounts`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { data: { account_id: number }[] };
  const accountId = accounts.data[0]?.account_id as number;
  const latest = (await (
    await fetch(`${server.url}/api/invoices/get-latest-invoice`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ accountId }),
    })
  ).json()) as { data: { cycle_log_id: number } };

  const targets = dashboardTargets(accountId, latest.data.cycle_log_id);
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
