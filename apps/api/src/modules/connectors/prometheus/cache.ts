/**
 * A short cache of source answers, shared by every request of one API process and bounded: at most
 * `maxEntries` answers, each kept `ttlMs` (failures `failureTtlMs`, so a dead source is not asked on
 * every chart read, nor remembered as dead for long). Requests for a key already being fetched wait
 * for that one fetch. The oldest entries go first when it is full (a Map keeps insertion order).
 */
export interface TtlCache<T> {
  get(key: string, fetch: () => Promise<T>): Promise<T>;
  readonly size: number;
}

export function ttlCache<T>(options: {
  maxEntries: number;
  ttlMs: number;
  failureTtlMs: number;
  now: () => number;
}): TtlCache<T> {
  const entries = new Map<string, { until: number; value: Promise<T> }>();

  function put(key: string, value: Promise<T>, until: number) {
    entries.delete(key);
    entries.set(key, { until, value });
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
  }

  return {
    get size() {
      return entries.size;
    },
    get(key, fetch) {
      const held = entries.get(key);
      if (held && held.until > options.now()) return held.value;
      // While the fetch runs the entry never expires: every request for the key waits for it.
      const value = fetch();
      put(key, value, Infinity);
      value.then(
        () => {
          if (entries.get(key)?.value === value) put(key, value, options.now() + options.ttlMs);
        },
        () => {
          if (entries.get(key)?.value === value) put(key, value, options.now() + options.failureTtlMs);
        },
      );
      return value;
    },
  };
}
