import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  /** Origin of the server, e.g. http://127.0.0.1:41234 */
  origin: string;
  /** The app's base URL, e.g. http://127.0.0.1:41234/portal/ */
  portal: string;
  stop: () => Promise<void>;
  /** Everything the server printed, for failure messages. */
  output: () => string;
}

/** Whether a listener can take the port on 127.0.0.1 now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const server = createServer();
    server.unref();
    server.once('error', () => answer(false));
    server.listen(port, '127.0.0.1', () => server.close(() => answer(true)));
  });
}

/**
 * A port free now, for a server the test starts, picked at random below Linux's ephemeral range
 * (32768 and up) and above the fixed ports some files use (19190, 19191, 16101, 4641, 4459). A port
 * from `listen(0)` is in the ephemeral range, where, between this check and the server's own listen,
 * the kernel may give it to an outgoing connection (the other browser file's, with two files at once),
 * and the server then fails to start. Random, so two files at once rarely try the same port.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
}

async function waitForHealth(origin: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The API did not answer /api/health within ${timeoutMs} ms:\n${output()}`);
}

/** What the browser tests' global setup seeded, when running under it (see global-setup.ts). */
async function seeded(): Promise<{ dataDir?: string; pgTemplate?: string; pgDataDir?: string }> {
  try {
    const { inject } = await import('vitest');
    return {
      dataDir: inject('e2eSeededDataDir') || undefined,
      pgTemplate: inject('e2ePgTemplate') || undefined,
      pgDataDir: inject('e2ePgDataDir') || undefined,
    };
  } catch {
    return {};
  }
}

/** The same PostgreSQL server as `url`, another database. */
export const withDatabase = (url: string, database: string) =>
  Object.assign(new URL(url), { pathname: `/${database}` }).toString();

/** Runs one statement on TEST_DATABASE_URL's database (CREATE and DROP DATABASE). */
export async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  admin.on('error', () => {});
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export interface StartOptions {
  /** Use this data directory as it is (no copy of the seeded one); with keepDataDir it outlives the server. */
  dataDir?: string;
  keepDataDir?: boolean;
  /** A new empty data directory, which the server migrates and seeds on start. */
  empty?: boolean;
  startTimeoutMs?: number;
  /**
   * Which copy of the seeded demo data the server runs on: the embedded database (a copy of the seeded
   * data directory), or, when the global setup seeded a PostgreSQL template (CI sets TEST_DATABASE_URL),
   * a database cloned from it, the default there (decision 106). A file whose behaviour depends on the
   * embedded database asks for 'embedded'.
   */
  database?: 'embedded' | 'postgres';
}

/**
 * Starts the real API (which serves the built app under /portal/) on a free port, on a copy of the
 * seeded demo data (see `database`), or, with `empty`, on a new embedded database that the server
 * migrates and seeds on start.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  options: StartOptions = {},
): Promise<RunningServer> {
  if (
    !existsSync(join(repoRoot, 'apps/web/dist/index.html')) ||
    !existsSync(join(repoRoot, 'apps/api/dist/server.js'))
  ) {
    throw new Error('The app is not built: run `npm run build` before the browser tests.');
  }
  const port = await freePort();
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'portal-e2e-')));
  const copy = options.dataDir || options.empty ? {} : await seeded();
  const onPostgres = Boolean(copy.pgTemplate) && options.database !== 'embedded';
  let database: string | undefined;
  const databaseEnv: Record<string, string> = {};
  if (onPostgres) {
    // A clone of the seeded template, and the data directory seeded beside it (its connector key
    // sealed the demo's connector credentials).
    database = `${copy.pgTemplate}_${randomBytes(5).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${database} TEMPLATE ${copy.pgTemplate}`);
    databaseEnv.DATABASE_URL = withDatabase(process.env.TEST_DATABASE_URL as string, database);
    if (copy.pgDataDir) await cp(copy.pgDataDir, dataDir, { recursive: true });
  } else if (copy.dataDir) {
    await cp(copy.dataDir, dataDir, { recursive: true });
  }
  const logs: string[] = [];
  // The compiled server, as `npm start` runs it.
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // One browser drives every page of a file from one address, faster than any office would.
      API_RATE_LIMIT_PER_MINUTE: '100000',
      ...databaseEnv,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const output = () => logs.join('').slice(-5000);
  const origin = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!options.keepDataDir) await rm(dataDir, { recursive: true, force: true });
    // Dropped behind the tests (a drop waits on a checkpoint); the run's set-up drops any left.
    if (database) void adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`).catch(() => {});
  };

  try {
    await waitForHealth(origin, child, output, options.startTimeoutMs ?? 150_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, portal: `${origin}/portal/`, stop, output };
}
