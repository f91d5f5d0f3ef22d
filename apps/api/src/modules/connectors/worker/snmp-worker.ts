import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

import type { Deps } from '../../../deps.ts';
import { shortReason } from '../../../lib/outbound.ts';
import { createLiveSink, ingestPoints } from '../../metrics/index.ts';
import { openSecrets } from '../snmp/devices.service.ts';
import { pollDevice } from '../snmp/poller.ts';
import { nextRunAfter } from '../snmp/schedule.ts';
import { finishPoll, leaseDue, releaseLeases, type LeasedDevice } from '../snmp/snmp.repository.ts';

export type WorkerDeps = Pick<Deps, 'db' | 'env' | 'clock' | 'outbound'>;

export interface SnmpWorkerOptions {
  /** Polls at once (each waits on one device). */
  concurrency: number;
  /** The whole poll of one device. */
  timeoutMs: number;
  /** How often the worker looks for due devices. */
  tickMs: number;
  /** Names the worker in leases; unique per process. */
  owner?: string;
  log?: (line: string) => void;
}

export interface SnmpWorker {
  readonly owner: string;
  /** Leases the due devices it has room for and starts their polls; resolves once they are started. */
  tick(): Promise<void>;
  /** Resolves when every poll started so far has finished. */
  idle(): Promise<void>;
  /** Stops looking for work, waits for the polls under way, gives back its leases. */
  stop(): Promise<void>;
}

/** Time a lease outlives the poll's own timeout, for storing its points. */
const leaseMarginMs = 30_000;

/** A poll's error as staff see it: one printable line (decision 113). */
const oneLine = (error: unknown) => shortReason(error instanceof Error ? error.message : String(error), 500);

/**
 * The SNMP poller (decision 100). Every tick it leases the devices that are due, as many as it has free
 * slots, and polls each on its own (one slow or dead device holds one slot until its timeout, never the
 * others). Readings go through metrics' ingest(), the path of pushed points (rates, resets, wrap, the
 * series limit), and reach the live charts of their order as pushed points do (decision 115).
 */
export function createSnmpWorker(deps: WorkerDeps, options: SnmpWorkerOptions): SnmpWorker {
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const log = options.log ?? (() => {});
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let ticking: Promise<void> | null = null;
  const live = createLiveSink(deps.db);

  async function poll(device: LeasedDevice): Promise<void> {
    let points = 0;
    let error: string | null = null;
    try {
      // The address the session sends to, checked now: a name may resolve elsewhere than when saved.
      const address = await deps.outbound.address(device.address);
      const secrets = openSecrets(deps.env.CONNECTOR_KEY, device);
      const result = await pollDevice(device, secrets, {
        address,
        timeoutMs: options.timeoutMs,
        tsSeconds: () => Math.round(deps.clock.now()) / 1000,
      });
      const problems = [...result.problems];
      if (result.points.length) {
        const stored = await ingestPoints({ ...deps, live }, result.points);
        points = stored.accepted;
        for (const r of stored.rejected.slice(0, 3)) {
          const p = result.points[r.index];
          problems.push(
            `${p?.metric} of ${p?.order_number}/${p?.labels.object_key}: ${Object.values(r.errors).flat().join(' ')}`,
          );
        }
      }
      if (problems.length) error = shortReason(problems.join(' '), 500);
    } catch (e) {
      error = oneLine(e);
    }
    const atMs = deps.clock.now();
    if (error) log(`snmp ${device.device_key}: ${error}`);
    await finishPoll(deps.db, device, owner, {
      atMs,
      nextRunMs: nextRunAfter(Math.max(atMs, device.next_run_ms), device.interval_seconds, device.device_key),
      points,
      error,
    });
  }

  async function tick(): Promise<void> {
    if (stopped) return;
    const free = options.concurrency - running.size;
    if (free <= 0) return;
    const now = deps.clock.now();
    const due = await leaseDue(deps.db, owner, now, now + options.timeoutMs + leaseMarginMs, free);
    for (const device of due) {
      const job = poll(device)
        .catch((e: unknown) => log(`snmp ${device.device_key}: ${oneLine(e)}`))
        .finally(() => running.delete(job));
      running.add(job);
    }
  }

  const guardedTick = () => {
    if (ticking || stopped) return;
    ticking = tick()
      .catch((e: unknown) => log(`snmp worker: ${oneLine(e)}`))
      .finally(() => {
        ticking = null;
      });
  };

  if (options.tickMs > 0) {
    timer = setInterval(guardedTick, options.tickMs);
    timer.unref();
    guardedTick();
  }

  return {
    owner,
    tick,
    idle: async () => {
      while (running.size) await Promise.allSettled([...running]);
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await ticking;
      while (running.size) await Promise.allSettled([...running]);
      await releaseLeases(deps.db, owner).catch(() => {});
    },
  };
}
