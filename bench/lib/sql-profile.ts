import type { Db } from '../../apps/api/src/db/client.ts';

/**
 * Where a bench's database time goes: the same handle, timing each statement (by its first words) and
 * each transaction's commit. Times include waiting for a pooled connection, so they add up to the wall
 * time only with one writer at a time.
 */
export interface SqlProfile {
  db: Db;
  reset(): void;
  /** The statements by total time, slowest first: "calls, ms per call, text". */
  report(top?: number): string[];
}

export function profiled(inner: Db): SqlProfile {
  const totals = new Map<string, { calls: number; ms: number }>();
  const add = (sql: string, ms: number) => {
    const key = sql.replace(/\s+/g, ' ').trim().slice(0, 80);
    const entry = totals.get(key) ?? { calls: 0, ms: 0 };
    entry.calls++;
    entry.ms += ms;
    totals.set(key, entry);
  };
  const wrap = (db: Db): Db => {
    const query: Db['query'] = async (sql, params) => {
      const began = performance.now();
      try {
        return await db.query(sql, params);
      } finally {
        add(sql, performance.now() - began);
      }
    };
    return Object.assign(Object.create(db) as Db, {
      query,
      one: async <T>(sql: string, params?: unknown[]) => (await query<T>(sql, params))[0],
      tx: <T>(fn: (t: Db) => Promise<T>) => {
        let inside = 0;
        const began = performance.now();
        return db
          .tx((t) => {
            const result = fn(wrap(t));
            return result.finally(() => {
              inside = performance.now();
            });
          })
          .finally(() => add('(transaction: COMMIT)', performance.now() - (inside || began)));
      },
    });
  };
  return {
    db: wrap(inner),
    reset: () => totals.clear(),
    report: (top = 12) =>
      [...totals]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, top)
        .map(([sql, { calls, ms }]) => `    ${calls} x ${(ms / calls).toFixed(1)} ms  ${sql}`),
  };
}
