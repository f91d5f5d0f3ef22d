// Load runs that count every kind of failure apart (each answer's HTTP status, socket errors by code,
// timeouts), and the CPU time of server processes read from /proc, for the load benchmark (load.bench.ts).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import autocannon from 'autocannon';

import { resultStatus } from '@portal/contract';

import type { Target } from './harness.ts';

/** What the answers were: every HTTP status counted, socket errors by code, timeouts apart. */
export interface Outcomes {
  /** Answers by HTTP status ('200': 8123, '503': 92). */
  statuses: Record<string, number>;
  /** Requests that got no answer because the socket failed, by error code (ECONNRESET, ...). */
  socketErrors: Record<string, number>;
  /** Requests that got no answer within autocannon's timeout (10 s). */
  timeouts: number;
}

export interface Run extends Outcomes {
  name: string;
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** non-2xx answers + socket errors + timeouts */
  errors: number;
}

const noOutcomes = (): Outcomes => ({ statuses: {}, socketErrors: {}, timeouts: 0 });
const add = (counts: Record<string, number>, key: string, n = 1) => (counts[key] = (counts[key] ?? 0) + n);

/** Non-2xx answers, socket errors and timeouts in one count. */
export const errorsOf = (o: Outcomes) =>
  Object.entries(o.statuses).reduce((sum, [status, n]) => sum + (status.startsWith('2') ? 0 : n), 0) +
  Object.values(o.socketErrors).reduce((sum, n) => sum + n, 0) +
  o.timeouts;

// A status that only one result code answers with names that code (503 is SERVICE_UNAVAILABLE).
const codesByStatus = new Map<number, string[]>();
for (const [code, status] of Object.entries(resultStatus))
  codesByStatus.set(status, [...(codesByStatus.get(status) ?? []), code]);

/** The failures in words, e.g. "503 SERVICE_UNAVAILABLE x 92, ECONNRESET x 3, timeouts x 2"; '' when none. */
export function explainErrors(o: Outcomes): string {
  const parts: string[] = [];
  for (const [status, n] of Object.entries(o.statuses)) {
    if (status.startsWith('2')) continue;
    const codes = codesByStatus.get(Number(status)) ?? [];
    parts.push(`${status}${codes.length === 1 ? ` ${codes[0]}` : ''} x ${n}`);
  }
  for (const [code, n] of Object.entries(o.socketErrors)) parts.push(`${code} x ${n}`);
  if (o.timeouts) parts.push(`timeouts x ${o.timeouts}`);
  return parts.join(', ');
}

/**
 * Runs autocannon and keeps every answer's status, socket error and timeout apart (its own totals
 * lump them together: `errors` counts timeouts too, `non2xx` hides the status). `onLatency` sees
 * every answer's latency, whatever its status.
 */
async function cannon(options: autocannon.Options, outcomes: Outcomes, onLatency?: (ms: number) => void) {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, done: autocannon.Result) =>
      error ? reject(error as Error) : resolve(done),
    );
    instance.on('reqError', (error: Error & { code?: string }) => {
      // autocannon reports a timeout as this error and counts it in `timeouts` as well.
      if (error.message !== 'request timed out') add(outcomes.socketErrors, error.code ?? error.message);
    });
    if (onLatency) instance.on('response', (_client, _status, _bytes, ms) => onLatency(ms));
  });
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) add(outcomes.statuses, status, count);
  outcomes.timeouts += result.timeouts;
  return result;
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
  const outcomes = noOutcomes();
  const result = await cannon(
    {
      url: `${url}${target.path}`,
      method: target.method,
      connections,
      duration: seconds,
      headers: headers(token, target.headers),
      ...(target.body !== undefined ? { body: JSON.stringify(target.body) } : {}),
    },
    outcomes,
  );
  return {
    name: target.name,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: errorsOf(outcomes),
    ...outcomes,
  } satisfies Run;
}

/** Requests, time, failures and every answer's latency of one server, gathered over several slices. */
interface Tally {
  requests: number;
  seconds: number;
  outcomes: Outcomes;
  cpuMs: number;
  latencies: number[];
}

/** The p-th percentile of sorted latencies, in ms to a tenth. */
const percentile = (sorted: number[], p: number) =>
  Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(1));

async function slice(url: string, token: string, target: Load, connections: number, seconds: number, tally: Tally) {
  const result = await cannon(
    {
      url: `${url}${target.path}`,
      method: target.method,
      connections,
      duration: seconds,
      headers: headers(token, target.headers),
      ...(target.body !== undefined ? { body: JSON.stringify(target.body) } : {}),
    },
    tally.outcomes,
    (ms) => tally.latencies.push(ms),
  );
  tally.requests += result.requests.total;
  tally.seconds += result.duration;
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
      errors: errorsOf(t.outcomes),
      ...t.outcomes,
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
  const tallies = servers.map((): Tally => ({
    requests: 0,
    seconds: 0,
    outcomes: noOutcomes(),
    cpuMs: 0,
    latencies: [],
  }));
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
  const outcomes = noOutcomes();
  const result = await cannon(
    {
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
    },
    outcomes,
  );
  return {
    name: 'mix',
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: errorsOf(outcomes),
    ...outcomes,
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
