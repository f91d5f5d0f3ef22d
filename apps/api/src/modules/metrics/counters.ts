/**
 * Raw counters (interface octets, packets, errors, discards) become per-second rates (decision 091).
 * A reading below the previous one is either a 64-bit wrap or a reset: a previous reading in the top
 * half of the 64-bit range can only have come down by wrapping (no counter restarts that high in
 * practice), any other drop is a restart from zero, whose increase is the new reading itself.
 */
export const COUNTER_RANGE = 2 ** 64;
const wrapThreshold = 2 ** 63;

export function counterIncrease(previous: number, next: number): number {
  if (next >= previous) return next - previous;
  if (previous >= wrapThreshold && previous < COUNTER_RANGE) return COUNTER_RANGE - previous + next;
  return next;
}

export interface Reading {
  ts: number;
  value: number;
}

/** Per-second rate between two readings of a counter; null when they are not in time order. */
export function counterRate(previous: Reading, next: Reading): number | null {
  const seconds = next.ts - previous.ts;
  if (!(seconds > 0)) return null;
  return counterIncrease(previous.value, next.value) / seconds;
}
