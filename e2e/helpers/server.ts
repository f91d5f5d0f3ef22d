import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
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

/** The seeded data directory the browser tests' global setup made, when running under it. */
async function seededDataDir(): Promise<string | undefined> {
  try {
    const { inject } = await import('vitest');
    return inject('e2eSeededDataDir') || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts the real API (which serves the built app under /portal/) on a free port with its own
 * embedded database in a temporary DATA_DIR: a copy of the one seeded by the global setup, or, with
 * `empty`, a new one that the server migrates and seeds on start.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  options: { dataDir?: string; keepDataDir?: boolean; empty?: boolean; startTimeoutMs?: number } = {},
): Promise<RunningServer> {
  if (
    !existsSync(join(repoRoot, 'apps/web/dist/index.html')) ||
    !existsSync(join(repoRoot, 'apps/api/dist/server.js'))
  ) {
    throw new Error('The app is not built: run `npm run build` before the browser tests.');
  }
  const port = await freePort();
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'portal-e2e-')));
  const template = options.dataDir || options.empty ? undefined : await seededDataDir();
  if (template) await cp(template, dataDir, { recursive: true });
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
  };

  try {
    await waitForHealth(origin, child, output, options.startTimeoutMs ?? 150_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, portal: `${origin}/portal/`, stop, output };
}
