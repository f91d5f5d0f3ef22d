import { randomBytes } from 'node:crypto';

import type { metrics as contract } from '@portal/contract';

import type { Db, Listener } from '../../db/client.ts';
import { notifyLive } from './live-sessions.repository.ts';
import * as store from './store.repository.ts';

/**
 * Live updates (issue 13, decision 102): new points go from the one write path (ingest) to the clients
 * subscribed to their order. In this process they are handed over in memory as the write commits; to
 * other API processes on PostgreSQL through NOTIFY, sent inside the write's transaction (so delivered
 * only if it commits), with a small payload: per order, the series and the time span of their new
 * points. Each process LISTENs on one connection of its own, and reads the points of a notification
 * once (one query), only when one of its clients watches one of those orders. With the embedded
 * database every hub of that database in this process is handed the points directly.
 */

/** A point as the write path knows it: the wire's fields plus its order and series. */
export interface LivePoint extends contract.LivePoint {
  baseOrderId: number;
  seriesId: number;
}

/** What the write path calls: `notify` inside its transaction, `deliver` after the commit. */
export interface LiveSink {
  notify(t: Db, points: readonly LivePoint[]): Promise<void>;
  deliver(points: readonly LivePoint[]): void;
}

export type LiveListener = (points: readonly LivePoint[]) => void;

export const liveChannel = 'portal_live';
/** NOTIFY's payload must stay under 8,000 bytes; a batch larger than this is split. */
const maxPayloadBytes = 7000;

/** Per order: [series id, first ts, last ts] of its new points. Origin: the process that wrote them. */
interface Payload {
  n: string;
  o: [number, [number, number, number][]][];
}

/** Hubs on one embedded database in this process (their fan-outs): each write hands its points to all. */
const embedded = new WeakMap<object, Set<(points: readonly LivePoint[]) => void>>();

/** The NOTIFY payloads (each under the limit) that name these points' series and times. */
export function notifyPayloads(origin: string, points: readonly LivePoint[]): string[] {
  const spans = new Map<number, Map<number, [number, number, number]>>();
  for (const p of points) {
    const order = spans.get(p.baseOrderId) ?? new Map<number, [number, number, number]>();
    spans.set(p.baseOrderId, order);
    const span = order.get(p.seriesId);
    if (!span) order.set(p.seriesId, [p.seriesId, p.ts, p.ts]);
    else {
      span[1] = Math.min(span[1], p.ts);
      span[2] = Math.max(span[2], p.ts);
    }
  }
  const payloads: string[] = [];
  let current: Payload = { n: origin, o: [] };
  let size = 0;
  for (const [orderId, series] of spans) {
    for (const span of series.values()) {
      const cost = JSON.stringify(span).length + 16;
      if (size + cost > maxPayloadBytes && current.o.length) {
        payloads.push(JSON.stringify(current));
        current = { n: origin, o: [] };
        size = 0;
      }
      let entry = current.o.at(-1);
      if (entry?.[0] !== orderId) {
        entry = [orderId, []];
        current.o.push(entry);
      }
      entry[1].push(span);
      size += cost;
    }
  }
  if (current.o.length) payloads.push(JSON.stringify(current));
  return payloads;
}

/** The embedded database instance hubs share in this process, or null on PostgreSQL. */
const embeddedKey = (db: Db): object | null => (db.kind === 'pglite' ? (db.pglite ?? db) : null);

/**
 * A sink writing as `origin`: on PostgreSQL it notifies inside the write's transaction and hands the
 * points to `local` (its own hub's subscribers) after the commit; with the embedded database it hands
 * them to every hub on the instance.
 */
function sinkOf(db: Db, origin: string, local?: (points: readonly LivePoint[]) => void): LiveSink {
  const key = embeddedKey(db);
  return {
    async notify(t, points) {
      if (key || points.length === 0) return;
      await notifyLive(t, liveChannel, notifyPayloads(origin, points));
    },
    deliver(points) {
      if (points.length === 0) return;
      if (key) for (const hubFanOut of embedded.get(key) ?? []) hubFanOut(points);
      else local?.(points);
    },
  };
}

/**
 * The sink of a writer without a hub of its own (the SNMP poller, decision 115): its notifications
 * name an origin no hub has, so every API process, the one it may run in included, reads its points.
 */
export const createLiveSink = (db: Db): LiveSink => sinkOf(db, randomBytes(6).toString('base64url'));

export interface LiveHub {
  /** Calls `listener` with each batch of new points of the order until the returned function is called. */
  subscribe(baseOrderId: number, listener: LiveListener): () => void;
  readonly sink: LiveSink;
  /** Subscribers and orders watched in this process. */
  stats(): { clients: number; orders: number };
  close(): Promise<void>;
}

export async function createLiveHub(db: Db, log: { warn(obj: object, msg: string): void }): Promise<LiveHub> {
  const origin = randomBytes(6).toString('base64url');
  const listeners = new Map<number, Set<LiveListener>>();
  let clients = 0;

  const fanOut = (points: readonly LivePoint[]) => {
    const byOrder = new Map<number, LivePoint[]>();
    for (const p of points) {
      if (!listeners.has(p.baseOrderId)) continue;
      const list = byOrder.get(p.baseOrderId) ?? [];
      list.push(p);
      byOrder.set(p.baseOrderId, list);
    }
    for (const [orderId, list] of byOrder)
      for (const listener of listeners.get(orderId) ?? []) {
        try {
          listener(list);
        } catch (error) {
          log.warn({ err: error }, 'live: a subscriber failed');
        }
      }
  };

  /** A notification of another process: read its points once, only if someone here watches one of its orders. */
  const received = async (text: string) => {
    let payload: Payload;
    try {
      payload = JSON.parse(text) as Payload;
    } catch {
      return;
    }
    if (payload.n === origin) return; // written here: already delivered in memory
    const spans = payload.o.filter(([orderId]) => listeners.has(orderId)).flatMap(([, s]) => s);
    if (spans.length === 0) return;
    try {
      fanOut(await store.livePoints(db, spans));
    } catch (error) {
      log.warn({ err: error }, 'live: reading notified points failed');
    }
  };

  const key = embeddedKey(db);
  let listener: Listener | undefined;
  if (key) {
    const hubs = embedded.get(key) ?? new Set();
    hubs.add(fanOut);
    embedded.set(key, hubs);
  } else if (db.listen) {
    listener = await db.listen(liveChannel, (text) => void received(text));
  }

  const hub: LiveHub = {
    subscribe(baseOrderId, fn) {
      const set = listeners.get(baseOrderId) ?? new Set<LiveListener>();
      listeners.set(baseOrderId, set);
      set.add(fn);
      clients += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        clients -= 1;
        set.delete(fn);
        if (set.size === 0) listeners.delete(baseOrderId);
      };
    },
    sink: sinkOf(db, origin, fanOut),
    stats: () => ({ clients, orders: listeners.size }),
    async close() {
      if (key) embedded.get(key)?.delete(fanOut);
      await listener?.close();
    },
  };
  return hub;
}
