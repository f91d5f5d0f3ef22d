// Load on PostgreSQL seeded with 10,000 accounts, against a ceiling, and one process against two.
//  1. mix:     every dashboard, invoices and services call at once, 200 connections shared out, 60 s;
//              the same against the ceiling (ceiling-server.ts: bare node:http + pg running the very SQL
//              the API ran for each call, recorded by sql-plan.ts). Zero errors, p50/p99, requests/s.
//  2. calls:   each call alone at 200 connections against the API and the ceiling, 60 s each in six
//              alternating slices (so a change in the machine's load favours neither); the ratio per
//              call, target >= 80% of the ceiling for every dashboard call.
//  3. cluster: the mix round-robin on every connection against one API process, one behind HAProxy and
//              two behind HAProxy (scripts/cluster.mjs, on Redis): requests/s and CPU time per request
//              (utime + stime of the API processes, and HAProxy's own, from /proc/<pid>/stat).
// Run: npm run load -w @portal/bench
//   SCALE (10000), CONNECTIONS (200), LOAD_SECONDS (60, the mix), CALL_SECONDS (60, each call and server),
//   SLICES (6, of CALL_SECONDS),
//   CLUSTER_SECONDS (60), ONLY=mix,calls,cluster (parts), CALLS=<regexp> (calls part: only matching names),
//   REDIS_URL (redis://127.0.0.1:6379, cluster part). Ports 4620-4627.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { dashboardTargets, root, seededDatabase, signIn, startServer, type Target } from './lib/harness.ts';
import {
  childrenOf,
  compare,
  cpuMs,
  explainErrors,
  loadAverage,
  measureCpu,
  mix,
  roundRobin,
  run,
  type Run,
} from './lib/load-run.ts';
import { recordPlans } from './lib/sql-plan.ts';

const env = process.env;
const scale = Number(env.SCALE ?? 10000);
const connections = Number(env.CONNECTIONS ?? 200);
const mixSeconds = Number(env.LOAD_SECONDS ?? 60);
const callSeconds = Number(env.CALL_SECONDS ?? 60);
const slices = Number(env.SLICES ?? 6);
const clusterSeconds = Number(env.CLUSTER_SECONDS ?? 60);
const parts = new Set((env.ONLY ?? 'mix,calls,cluster').split(','));
const onlyCalls = env.CALLS ? new RegExp(env.CALLS) : undefined;
const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const jwtSecret = 'bench-secret-that-is-long-enough-0123456789';
const ports = { api: 4620, ceiling: 4621, direct: 4622, proxy: 4623, cluster: [4624, 4625] };
const target = 0.8;

const post = async <T>(url: string, token: string, path: string, body: unknown) =>
  (
    (await (
      await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { data: T }
  ).data;

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

const stop = (child: ChildProcess) =>
  new Promise<void>((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });

/** Stops a process started with `detached` and everything it started (SIGTERM to its group). */
const stopGroup = (child: ChildProcess) =>
  new Promise<void>((done) => {
    const group = -(child.pid as number);
    const exited = child.exitCode !== null;
    if (!exited) child.once('exit', () => done());
    try {
      process.kill(group, 'SIGTERM');
    } catch {
      // the group is gone already
    }
    if (exited) done();
  });

/** The calls: the dashboard's twelve, then invoices and services reads of the same customer. */
async function targetsFor(url: string, token: string) {
  const accounts = (
    (await (
      await fetch(`${url}/api/accounts/get-accounts`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { account_id: number }[] }
  ).data;
  const accountId = accounts[0]?.account_id as number;
  const latest = await post<{ cycle_log_id: number }>(url, token, '/api/invoices/get-latest-invoice', { accountId });
  const orders = await post<{ data: { base_order_id: number; uss_circuit_id: string }[] }>(
    url,
    token,
    '/api/orders/get-orders',
    { accountId },
  );
  const order = orders.data[0] as { base_order_id: number; uss_circuit_id: string };
  const dashboard = dashboardTargets(accountId, latest.cycle_log_id);
  const invoices: Target[] = [
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
      body: { accountId, cycleLogId: latest.cycle_log_id },
    },
    { name: 'invoices/get-balance-history', method: 'POST', path: '/api/invoices/get-balance-history' },
  ];
  const services: Target[] = [
    { name: 'orders/get-orders (account)', method: 'POST', path: '/api/orders/get-orders', body: { accountId } },
    { name: 'orders/get-orders (all accounts)', method: 'POST', path: '/api/orders/get-orders', body: {} },
    {
      name: 'orders/get-orders (search circuit)',
      method: 'POST',
      path: '/api/orders/get-orders',
      body: { accountId, search_all: order.uss_circuit_id },
    },
    {
      name: 'orders/get-order',
      method: 'POST',
      path: '/api/orders/get-order',
      body: { baseOrderId: order.base_order_id },
    },
  ];
  return [
    ...dashboard.map((t) => ({ ...t, group: 'dashboard' })),
    ...invoices.map((t) => ({ ...t, group: 'invoices' })),
    ...services.map((t) => ({ ...t, group: 'services' })),
  ];
}

const ms = (n: number) => Number(n.toFixed(2));
const ratio = (api: number, ceiling: number) => (ceiling ? Number((api / ceiling).toFixed(2)) : 0);

function table(title: string, rows: Record<string, unknown>[]) {
  console.log(`\n${title}`);
  console.table(rows);
}

const started = new Date();
console.log(`load benchmark ${started.toISOString()}, load average ${loadAverage()}`);
const databaseUrl = await seededDatabase(scale, `bench_load_s${scale}`);
const results: Record<string, unknown> = { started: started.toISOString(), scale, connections };
let failed = false;

const api = await startServer(databaseUrl, ports.api, { JWT_SECRET: jwtSecret });
let ceiling: ChildProcess | undefined;
try {
  const token = await signIn(api.url, 'customer@demo.test');
  const targets = await targetsFor(api.url, token);
  const plans = await recordPlans(databaseUrl, targets, token, jwtSecret);
  const planFile = join(mkdtempSync(join(tmpdir(), 'bench-load-')), 'plans.json');
  writeFileSync(planFile, JSON.stringify(plans));
  for (const [i, plan] of plans.entries())
    console.log(`${(targets[i] as Target).name}: ${plan.statements.length} statements`);

  ceiling = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/ceiling-server.ts'], {
    cwd: root,
    env: { ...env, PORT: String(ports.ceiling), DATABASE_URL: databaseUrl, JWT_SECRET: jwtSecret, PLANS: planFile },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const ceilingUrl = `http://127.0.0.1:${ports.ceiling}`;
  await waitFor(`${ceilingUrl}/ready`, ceiling);
  const pids = { api: api.pid as number, ceiling: ceiling.pid as number };

  // Warm-up, not measured: JIT, pool connections; and proof that every call answers on both.
  for (const [i, t] of targets.entries()) {
    const marked = { ...t, headers: { 'x-plan': String(i) } };
    for (const [name, url] of [
      ['api', api.url],
      ['ceiling', ceilingUrl],
    ] as const) {
      const warm = await run(url, token, marked, 10, 1);
      if (warm.errors) throw new Error(`${t.name} on the ${name}: ${warm.errors} errors while warming up`);
    }
  }

  if (parts.has('mix')) {
    const marked = targets.map((t, i) => ({ ...t, headers: { 'x-plan': String(i) } }));
    const onApi = await measureCpu([pids.api], () => mix(api.url, token, marked, connections, mixSeconds));
    const onCeiling = await measureCpu([pids.ceiling], () => mix(ceilingUrl, token, marked, connections, mixSeconds));
    const total = (runs: Run[]) => runs.reduce((sum, r) => sum + r.requests, 0);
    const rows = targets.map((t, i) => {
      const a = onApi.result[i] as Run;
      const c = onCeiling.result[i] as Run;
      return {
        call: t.name,
        'API req/s': a.requestsPerSecond,
        'API p50': a.p50,
        'API p99': a.p99,
        errors: a.errors,
        'errors are': explainErrors(a),
        'ceiling req/s': c.requestsPerSecond,
        'ceiling p99': c.p99,
        ratio: ratio(a.requestsPerSecond, c.requestsPerSecond),
      };
    });
    const summary = {
      'API req/s': Math.round(total(onApi.result) / mixSeconds),
      'ceiling req/s': Math.round(total(onCeiling.result) / mixSeconds),
      'API errors': onApi.result.reduce((sum, r) => sum + r.errors, 0),
      'ceiling errors': onCeiling.result.reduce((sum, r) => sum + r.errors, 0),
      'API CPU ms/request': ms(onApi.cpuMs / total(onApi.result)),
      'ceiling CPU ms/request': ms(onCeiling.cpuMs / total(onCeiling.result)),
    };
    table(`1. Every call at once, ${connections} connections shared out, ${mixSeconds} s, scale ${scale}`, rows);
    console.log(summary);
    if (summary['API errors']) failed = true;
    results.mix = { seconds: mixSeconds, rows, summary };
  }

  if (parts.has('calls')) {
    const rows = [];
    for (const [i, t] of targets.entries()) {
      if (onlyCalls && !onlyCalls.test(t.name)) continue;
      const marked = { ...t, headers: { 'x-plan': String(i) } };
      const [a, c] = await compare(
        [
          { url: api.url, pids: [pids.api] },
          { url: ceilingUrl, pids: [pids.ceiling] },
        ],
        token,
        marked,
        connections,
        callSeconds,
        slices,
      );
      const row = {
        call: t.name,
        'API req/s': a.result.requestsPerSecond,
        'API p50': a.result.p50,
        'API p99': a.result.p99,
        errors: a.result.errors,
        'errors are': explainErrors(a.result),
        'API CPU ms/req': ms(a.cpuMs / a.result.requests),
        'ceiling req/s': c.result.requestsPerSecond,
        'ceiling p50': c.result.p50,
        'ceiling p99': c.result.p99,
        'ceiling CPU ms/req': ms(c.cpuMs / c.result.requests),
        'ceiling errors': explainErrors(c.result),
        ratio: ratio(a.result.requestsPerSecond, c.result.requestsPerSecond),
        target:
          t.group === 'dashboard'
            ? a.result.requestsPerSecond >= target * c.result.requestsPerSecond
              ? 'met'
              : 'MISSED'
            : '',
      };
      if (row.errors) failed = true;
      rows.push(row);
      console.log(
        `${t.name}: API ${row['API req/s']} req/s, ceiling ${row['ceiling req/s']} req/s, ratio ${row.ratio}`,
      );
    }
    table(
      `2. Each call alone, ${connections} connections, ${callSeconds} s per server in ${slices} slices, scale ${scale}`,
      rows,
    );
    results.calls = { seconds: callSeconds, slices, rows };
  }
} finally {
  if (ceiling) await stop(ceiling);
  await api.stop();
}

if (parts.has('cluster')) {
  const token = await (async () => {
    const direct = await startServer(databaseUrl, ports.direct, { JWT_SECRET: jwtSecret, REDIS_URL: redisUrl });
    try {
      return { direct, token: await signIn(direct.url, 'customer@demo.test') };
    } catch (error) {
      await direct.stop();
      throw error;
    }
  })();
  const targets = await targetsFor(token.direct.url, token.token);
  const rows: Record<string, unknown>[] = [];
  const measure = async (name: string, url: string, apiPids: number[], proxyPids: number[]) => {
    await roundRobin(url, token.token, targets, 10, 2); // warm-up
    const before = proxyPids.reduce((sum, pid) => sum + cpuMs(pid), 0);
    const { result, cpuMs: apiCpu } = await measureCpu(apiPids, () =>
      roundRobin(url, token.token, targets, connections, clusterSeconds),
    );
    const proxyCpu = proxyPids.reduce((sum, pid) => sum + cpuMs(pid), 0) - before;
    if (result.errors) failed = true;
    rows.push({
      setup: name,
      'req/s': result.requestsPerSecond,
      p50: result.p50,
      p99: result.p99,
      errors: result.errors,
      'errors are': explainErrors(result),
      'API CPU ms/req': ms(apiCpu / result.requests),
      'HAProxy CPU ms/req': proxyPids.length ? ms(proxyCpu / result.requests) : '',
    });
    console.log(rows.at(-1));
  };
  try {
    await measure('one process, direct', token.direct.url, [token.direct.pid as number], []);
  } finally {
    await token.direct.stop();
  }
  for (const apiPorts of [[ports.cluster[0] as number], ports.cluster]) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-cluster-'));
    const cluster = spawn(process.execPath, ['scripts/cluster.mjs'], {
      cwd: root,
      env: {
        ...env,
        PORT: String(ports.proxy),
        API_PORTS: apiPorts.join(','),
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl,
        JWT_SECRET: jwtSecret,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_ON_EMPTY: 'false',
        ATTEMPTS_PER_ADDRESS: '1000000',
        LOGIN_FAILURES_PER_EMAIL: '1000000',
        API_RATE_LIMIT_PER_MINUTE: '100000000',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
      // Its own process group: stopping it stops the API processes and HAProxy even if it failed midway.
      detached: true,
    });
    try {
      await waitFor(`http://127.0.0.1:${ports.proxy}/api/health/ready`, cluster, 240_000);
      const children = childrenOf(cluster.pid as number);
      await measure(
        apiPorts.length === 1 ? 'one process behind HAProxy' : 'two processes behind HAProxy',
        `http://127.0.0.1:${ports.proxy}`,
        children.filter((c) => c.comm !== 'haproxy').map((c) => c.pid),
        children.filter((c) => c.comm === 'haproxy').map((c) => c.pid),
      );
    } finally {
      await stopGroup(cluster);
    }
  }
  table(
    `3. Every call round-robin on every connection, ${connections} connections, ${clusterSeconds} s, on Redis`,
    rows,
  );
  results.cluster = { seconds: clusterSeconds, rows };
}

results.loadAverage = loadAverage();
console.log(`\nload average at the end ${results.loadAverage} (2 cores; others share the machine)`);
const out = join(root, 'bench/results');
await import('node:fs').then((fs) => fs.mkdirSync(out, { recursive: true }));
writeFileSync(join(out, `load-${started.toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify(results, null, 2));
if (failed) {
  console.error('FAILED: some requests answered with an error');
  process.exitCode = 1;
}
