import { buildPath, type metrics } from '@portal/contract';
import * as calls from '@portal/contract/routes';
import { createParser } from 'eventsource-parser';
import * as v from 'valibot';

import { apiBase } from '../../../lib/request.ts';
import { getToken } from '../../../lib/token.ts';

/**
 * The live points of an order (issue 13, decision 102): one Server-Sent Events stream per order
 * however many charts of the page listen, read with fetch so the token travels in the Authorization
 * header (EventSource cannot send one), parsed by eventsource-parser, reopened with backoff when it
 * drops or ends (the server ends it when the token expires; a refused reopening stops it: the page's
 * own calls then meet the expired session the usual way).
 */

export type LivePoint = metrics.LivePoint;

/**
 * A point as the stream sends it, checked by Valibot rather than the contract's zod schema: the
 * contract's schemas module took a task of 100 ms at 4× CPU to evaluate on a product page, for this one
 * check (decision 112). Typed by the contract's type, so a field it changes fails the type check here.
 */
const livePoint: v.GenericSchema<LivePoint> = v.object({
  series: v.string(),
  object_key: v.nullable(v.string()),
  ts: v.pipe(v.number(), v.integer()),
  value: v.number(),
});
export type LiveListener = (points: readonly LivePoint[]) => void;

/** Delay before reopening after `failures` failed tries in a row: 1 s doubling to 30 s, half of it random. */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** Math.max(0, failures));
  return ceiling / 2 + (random() * ceiling) / 2;
}

/** A refusal that reopening cannot mend (no token, a foreign order, a bad id): 4xx other than 408 and 429. */
const refused = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/** Reads one stream until it ends; hands each chunk's points over at once. Answers whether it opened. */
async function readStream(url: string, signal: AbortSignal, onPoints: LiveListener): Promise<'opened' | 'refused'> {
  const token = getToken();
  if (!token) return 'refused';
  const res = await fetch(url, {
    headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
    credentials: 'same-origin',
    signal,
  });
  if (refused(res.status)) return 'refused';
  if (!res.ok || !res.body) throw new Error(`live stream: status ${res.status}`);
  let batch: LivePoint[] = [];
  const parser = createParser({
    onEvent(event) {
      if (event.event !== 'point') return;
      const parsed = v.safeParse(livePoint, JSON.parse(event.data));
      if (parsed.success) batch.push(parsed.output);
    },
  });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return 'opened';
    parser.feed(decoder.decode(value, { stream: true }));
    if (batch.length) {
      const points = batch;
      batch = [];
      onPoints(points);
    }
  }
}

interface Connection {
  listeners: Set<LiveListener>;
  close(): void;
}

const connections = new Map<number, Connection>();

function connect(baseOrderId: number): Connection {
  const listeners = new Set<LiveListener>();
  const controller = new AbortController();
  const url = `${apiBase}${buildPath(calls.metrics.liveOrder.path, { baseOrderId }).path}`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  const deliver: LiveListener = (points) => {
    failures = 0;
    for (const listener of listeners) listener(points);
  };
  const run = async () => {
    try {
      const outcome = await readStream(url, controller.signal, deliver);
      if (outcome === 'refused') return;
      failures = 0;
    } catch {
      failures += 1;
    }
    if (controller.signal.aborted) return;
    timer = setTimeout(() => void run(), reconnectDelay(failures));
  };
  void run();
  return {
    listeners,
    close() {
      clearTimeout(timer);
      controller.abort();
    },
  };
}

/** Listens to an order's live points; the stream is shared by every listener of the order. */
export function subscribeLive(baseOrderId: number, listener: LiveListener): () => void {
  let connection = connections.get(baseOrderId);
  if (!connection) {
    connection = connect(baseOrderId);
    connections.set(baseOrderId, connection);
  }
  const current = connection;
  current.listeners.add(listener);
  return () => {
    current.listeners.delete(listener);
    if (current.listeners.size > 0) return;
    current.close();
    if (connections.get(baseOrderId) === current) connections.delete(baseOrderId);
  };
}
