/**
 * Start time and memory of the API process, the compiled server (`node apps/api/dist/server.js`,
 * what `npm start` runs) against the sources through tsx (what it ran before).
 *   npm run startup -w @portal/bench   (BENCH_RUNS=5; DATABASE_URL=postgres://… to start on PostgreSQL)
 * Each run starts a process on an already seeded embedded database, times it from spawn to the first
 * 200 of /api/health, then reads its resident memory right away and again after 200 dashboard calls.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { root, signIn } from './lib/harness.ts';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const commands = {
  'node dist': ['--enable-source-maps', 'apps/api/dist/server.js'],
  'tsx src': ['--import', 'tsx', 'apps/api/src/server.ts'],
} as const;

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Number(line[1]) / 1024 : NaN;
};

async function startOnce(args: readonly string[], dataDir: string, port: number) {
  const started = performance.now();
  const child = spawn(process.execPath, [...args], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - started;
  const pid = child.pid as number;
  const idle = rssMb(pid);
  const token = await signIn(url, 'customer@demo.test');
  for (let i = 0; i < 200; i++) {
    await fetch(`${url}/api/accounts/get-accounts`, { headers: { authorization: `Bearer ${token}` } });
  }
  const loaded = rssMb(pid);
  await new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
  return { ms, idle, loaded };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

spawnSync('node', ['scripts/ensure-build.mjs', 'api'], { cwd: root, stdio: 'inherit' });
const dataDir = mkdtempSync(join(tmpdir(), 'portal-start-bench-'));
// The first start migrates and seeds; every measured start finds the database ready.
await startOnce(commands['node dist'], dataDir, 8197);
for (const [name, args] of Object.entries(commands)) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await startOnce(args, dataDir, 8197));
  console.log(
    `${name.padEnd(10)} start ${median(results.map((r) => r.ms)).toFixed(0)} ms (median of ${runs}), ` +
      `memory ${median(results.map((r) => r.idle)).toFixed(1)} MB at start, ` +
      `${median(results.map((r) => r.loaded)).toFixed(1)} MB after 200 calls`,
  );
}
rmSync(dataDir, { recursive: true, force: true });
