// Load runs that count every kind of failure (non-2xx, socket errors, timeouts), and the CPU time of
// server processes read from /proc, for the load benchmark (load.bench.ts).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import autocannon from 'autocannon';

import type { Target } from './harness.ts';

export interface Run {
  name: string;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** non-2xx answers + socket errors + timeouts */
  errors: number;
}

/** A call to load; `headers` are sent besides the token (the ceiling server picks its plan by X-Plan). */
export type Load = Target & { headers?: Record<string, string> };

const headers = (token: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  'x-requested-with': 'XMLHttpRequest',
  ...extra,
});

/** One call at `connections` connections for `seconds`. */
export async function run(url: string, token: string, target: Load, connections: number, seconds: number) {
  const result = await autocannon({
    url: `${url}${target.path}`,
    method: target.method,
    connections,
    duration: seconds,
    headers: headers(token, target.headers),
    ...(target.body !== undefined ? { body: JSON.stringify(target.body) } : {}),
  });
  return {
    name: target.name,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  } satisfies Run;
}

/** Requests, time, failures and every answer's latency of one server, gathered over several slices. */
interface Tally {
  requests: number;
  seconds: number;
  errors: number;
  cpuMs: number;
  latencies: number[];
}

/** The p-th percentile of sorted latencies, in ms to a tenth. */
const percentile = (sorted: number[], p: number) =>
  Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1));

async function slice(url: string, token: string, target: Load, connections: number, seconds: number, tally: Tally) {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}${target.path}`,
        method: target.method,
        connections,
        duration: seconds,
        headers: headers(token, target.headers),
        ...(target.body !== undefined ? { body: JSON.stringify(target.body) } : {}),
      },
      (error: unknown, done: autocannon.Result) => (error ? reject(error as Error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => tally.latencies.push(ms));
  });
  tally.requests += result.requests.total;
  tally.seconds += result.duration;
  tally.errors += result.non2xx + result.errors + result.timeouts;
}

const figures = (name: string, t: Tally) => {
  const sorted = t.latencies.sort((a, b) => a - b);
  return {
    result: {
      name,
      requests: t.requests,
      requestsPerSecond: Math.round(t.requests / t.seconds),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      errors: t.errors,
    } satisfies Run,
    cpuMs: t.cpuMs,
  };
};

/**
 * One call against two servers (the API and its ceiling), `seconds` each in `slices` alternating
 * slices (A B, B A, A B, ...): a change in the machine's load during the run (it is shared) falls on
 * both alike, which one long run after the other would not give. CPU time of each server's processes
 * is read around its own slices.
 */
export async function compare(
  servers: [{ url: string; pids: number[] }, { url: string; pids: number[] }],
  token: string,
  target: Load,
  connections: number,
  seconds: number,
  slices: number,
) {
  const tallies = servers.map(() => ({ requests: 0, seconds: 0, errors: 0, cpuMs: 0, latencies: [] }) as Tally);
  for (let i = 0; i < slices; i++) {
    for (const s of i % 2 ? [1, 0] : [0, 1]) {
      const server = servers[s] as (typeof servers)[0];
      const tally = tallies[s] as Tally;
      const { cpuMs } = await measureCpu(server.pids, () =>
        slice(server.url, token, target, connections, seconds / slices, tally),
      );
      tally.cpuMs += cpuMs;
    }
  }
  return tallies.map((t) => figures(target.name, t)) as [ReturnType<typeof figures>, ReturnType<typeof figures>];
}

/**
 * Every target at once for `seconds`, the connections shared out between them (each target its own
 * autocannon instance, so each gets its own figures); the total is the sum.
 */
export async function mix(url: string, token: string, targets: Load[], connections: number, seconds: number) {
  const each = Math.max(1, Math.floor(connections / targets.length));
  const extra = connections - each * targets.length;
  const runs = await Promise.all(
    targets.map((target, i) => run(url, token, target, each + (i < extra ? 1 : 0), seconds)),
  );
  return runs;
}

/** The targets in turn on every connection (one autocannon instance): one figure for the whole mix. */
export async function roundRobin(url: string, token: string, targets: Load[], connections: number, seconds: number) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: headers(token),
    requests: targets.map((t) => ({
      method: t.method,
      path: t.path,
      // A request's own headers replace the instance's, so the token goes with each.
      headers: headers(token, t.headers),
      ...(t.body !== undefined ? { body: JSON.stringify(t.body) } : {}),
    })),
  });
  return {
    name: 'mix',
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  } satisfies Run;
}

const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time (user + system) a process has used so far, in milliseconds (Linux /proc/<pid>/stat). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after the last ')'; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1000;
}

/** CPU milliseconds the given processes use while `work` runs. */
export async function measureCpu<T>(pids: number[], work: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const before = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const result = await work();
  const after = pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  return { result, cpuMs: after - before };
}

/** The processes a process started (Linux), with their command names. */
export function childrenOf(pid: number): { pid: number; comm: string }[] {
  const ids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return ids.map((id) => ({ pid: Number(id), comm: readFileSync(`/proc/${id}/comm`, 'utf8').trim() }));
}

/** The 1-, 5- and 15-minute load averages, as `uptime` prints them. */
export const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(', ');
