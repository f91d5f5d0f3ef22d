/**
 * Runs work on a few lanes at once. Work pushed with the same lane key runs one after another, in the
 * order pushed; other keys run beside it. `push` waits while `maxQueued` pieces are pending, so a
 * producer reading a file of any size holds a bounded amount in memory.
 */
export function lanes(count: number, maxQueued = count * 4) {
  const tails: Promise<void>[] = Array.from({ length: count }, () => Promise.resolve());
  let queued = 0;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const laneOf = (key: string) => {
    // FNV-1a: a cheap, stable spread of keys over the lanes.
    let hash = 0x811c9dc5;
    for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
    return (hash >>> 0) % count;
  };
  return {
    async push(key: string, work: () => Promise<void>): Promise<void> {
      while (queued >= maxQueued && !failure) await new Promise<void>((resolve) => (wake = resolve));
      if (failure) throw failure.error;
      queued += 1;
      const lane = laneOf(key);
      tails[lane] = (tails[lane] as Promise<void>)
        .then(() => (failure ? undefined : work()))
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => {
          queued -= 1;
          const resume = wake;
          wake = null;
          resume?.();
        });
    },
    /** Waits for every piece pushed; throws the first failure. */
    async drain(): Promise<void> {
      await Promise.all(tails);
      if (failure) throw failure.error;
    },
  };
}
