import { createHash } from 'node:crypto';

/**
 * When a device is polled (decision 100). Each device has a fixed phase inside its interval, drawn from
 * its key, so a thousand devices of one interval are spread evenly over it instead of all polling at
 * the interval's start; its polls fall at phase, phase + interval, ... A device added or changed gets
 * the next of these times, so it is first polled within one interval (plus the worker's tick).
 */

/** A device's phase in milliseconds, 0 <= phase < interval, the same for the same key and interval. */
export function phaseOf(deviceKey: string, intervalSeconds: number): number {
  const hash = createHash('sha256').update(deviceKey).digest().readUInt32BE(0);
  return Math.floor((hash / 2 ** 32) * intervalSeconds * 1000);
}

/** The first of the device's poll times strictly after `afterMs` (epoch ms): within (afterMs, afterMs + interval]. */
export function nextRunAfter(afterMs: number, intervalSeconds: number, deviceKey: string): number {
  const interval = intervalSeconds * 1000;
  const phase = phaseOf(deviceKey, intervalSeconds);
  const slot = Math.floor((afterMs - phase) / interval) * interval + phase;
  return slot > afterMs ? slot : slot + interval;
}
