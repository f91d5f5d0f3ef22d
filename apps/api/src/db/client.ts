import { mkdirSync } from 'node:fs';

import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

import { AppError } from '../lib/errors.ts';

export type Row = Record<string, unknown>;

/** The only database handle repositories see: the same SQL runs on PGlite and PostgreSQL. */
export interface Db {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T = Row>(sql: string, params?: unknown[]): Promise<T | undefined>;
  tx<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /** The embedded instance, for dumping a seeded database in tests. */
  readonly pglite?: PGlite;
  /**
   * PostgreSQL only: LISTEN on a channel over one connection of its own (not the pool's), reconnected
   * after a loss; `onMessage` gets each NOTIFY payload, `onReconnect` tells that some may have been missed.
   */
  listen?(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<Listener>;
}

export interface Listener {
  close(): Promise<void>;
}

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

// bigint counts and numeric money come back as numbers; dates stay 'YYYY-MM-DD' (no time-zone shift).
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(NUMERIC, (v) => Number(v));
pg.types.setTypeParser(DATE, (v) => v);

const pgliteParsers = {
  [INT8]: (v: string) => Number(v),
  [NUMERIC]: (v: string) => Number(v),
  [DATE]: (v: string) => v,
};

interface Queryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

const connectionCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/** The database is down or restarting (not a bad query): the caller gets 503 and may retry. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  return (
    connectionCodes.has(code) ||
    code.startsWith('08') || // connection exception
    code === '57P01' || // admin shutdown
    code === '57P02' || // crash shutdown
    code === '57P03' || // cannot connect now (starting up)
    /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended/i.test(message)
  );
}

const unavailable = (error: unknown) =>
  isDatabaseUnavailable(error)
    ? new AppError('SERVICE_UNAVAILABLE', 'The service is briefly unavailable. Please try again in a moment.')
    : error;

function wrap(q: Queryable, kind: Db['kind'], tx: Db['tx'], exec: Db['exec'], close: Db['close']): Db {
  const query = async <T>(sql: string, params?: unknown[]) => {
    try {
      return (await q.query(sql, params)).rows as T[];
    } catch (error) {
      throw unavailable(error);
    }
  };
  return {
    kind,
    query,
    one: async <T>(sql: string, params?: unknown[]) => (await query<T>(sql, params))[0],
    tx,
    exec,
    close,
  };
}

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create({
    // Trigram indexes back the substring searches (042-search-trigram.sql); PostgreSQL has it in contrib.
    extensions: { pg_trgm },
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: pgliteParsers,
    serializers: {},
  });
  await lite.exec("SET TIME ZONE 'UTC'");
  const noop = async () => {};
  const build = (q: Queryable, inTx: boolean): Db =>
    wrap(
      q,
      'pglite',
      inTx ? (fn) => fn(build(q, true)) : (fn) => lite.transaction((t) => fn(build(t as unknown as Queryable, true))),
      // Inside a transaction, exec must go through the transaction: the outer handle waits for
      // the transaction's lock and would deadlock (migrations exec in a transaction).
      async (sql) => {
        await (q as unknown as Pick<PGlite, 'exec'>).exec(sql);
      },
      inTx ? noop : () => lite.close(),
    );
  return { ...build(lite as unknown as Queryable, false), pglite: lite };
}

export async function openPostgres(url: string, max = 10): Promise<Db> {
  // While the database is down, requests fail within seconds instead of queueing for a connection.
  const pool = new pg.Pool({ connectionString: url, max, options: '-c TimeZone=UTC', connectionTimeoutMillis: 5000 });
  // An idle connection dropped by the server (restart, failover) must not crash the process; the pool
  // replaces it on the next query.
  pool.on('error', () => {});
  const build = (q: Queryable, client?: pg.PoolClient): Db =>
    wrap(
      q,
      'postgres',
      client
        ? (fn) => fn(build(client, client))
        : async (fn) => {
            const c = await pool.connect().catch((error: unknown) => {
              throw unavailable(error);
            });
            let broken = false;
            // A connection lost while the client is checked out is also emitted as 'error' on the
            // client, which the pool only listens to while the client is idle: unheard, that event
            // would end the process. The statement in flight fails by itself (503 below).
            const lost = () => {
              broken = true;
            };
            c.on('error', lost);
            try {
              await c.query('BEGIN');
              const result = await fn(build(c, c));
              await c.query('COMMIT');
              return result;
            } catch (error) {
              broken =
                isDatabaseUnavailable(error) || (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE');
              if (!broken) await c.query('ROLLBACK').catch(() => {});
              throw unavailable(error);
            } finally {
              c.removeListener('error', lost);
              // A connection that lost its server is dropped, not handed to the next request.
              c.release(broken);
            }
          },
      async (sql) => {
        await q.query(sql);
      },
      client ? async () => {} : () => pool.end(),
    );
  await pool.query('SELECT 1');
  return { ...build(pool), listen: (channel, onMessage, onReconnect) => listen(url, channel, onMessage, onReconnect) };
}

/** One connection that LISTENs on a channel; while the server is away it reconnects every 1-5 s. */
async function listen(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onReconnect?: () => void,
): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`listen: bad channel name ${channel}`);
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    const lost = () => {
      if (client !== c || closed) return;
      client = undefined;
      c.end().catch(() => {});
      schedule();
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (m) => {
      if (m.channel === channel && m.payload !== undefined) onMessage(m.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (error) {
      c.end().catch(() => {});
      throw error;
    }
    client = c;
    failures = 0;
  };
  const schedule = () => {
    if (closed) return;
    failures += 1;
    timer = setTimeout(
      () => {
        connect().then(
          () => onReconnect?.(),
          () => schedule(),
        );
      },
      Math.min(1000 * failures, 5000),
    );
    timer.unref();
  };
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
