import { PassThrough } from 'node:stream';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import { metrics as contract } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import type { LiveHub, LivePoint } from './live.ts';
import { heldSessions, requireCallerOrder, sessionKey, type LiveSession } from './metrics.service.ts';

/** A client that reads slower than its points arrive is cut off past this much unsent text (it reconnects). */
const maxBufferedBytes = 1024 * 1024;
/** Node's timers take at most about 24.8 days. */
const maxTimerMs = 2 ** 31 - 1;

const bearer = (request: FastifyRequest) => {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice(7).trim() : '';
};

export const pointEvent = (p: LivePoint) =>
  `event: point\ndata: ${JSON.stringify({ series: p.series, object_key: p.object_key, ts: p.ts, value: p.value })}\n\n`;

interface OpenStream extends LiveSession {
  ended: boolean;
  /** False (and the stream ended) once the token has expired. */
  check(): boolean;
  beat(): void;
  send(points: readonly LivePoint[]): void;
  end(): void;
}

/**
 * GET /api/live/orders/:baseOrderId (issue 13, decision 102): Server-Sent Events of an order's new
 * points. The route helper authenticates it like every call, and the order is checked as the data
 * freshness call of the product pages checks it, before the stream starts (errors are envelopes).
 * The stream ends when the token expires (checked by the injected clock at every heartbeat and
 * before every event, and by a timer), when its session ends (issue 27, decision 116: checked
 * before every event and every LIVE_SESSION_CHECK_SECONDS, one query for all the streams checked),
 * and when the server closes.
 */
export function liveRoutes(app: FastifyInstance, deps: Deps, hub: LiveHub) {
  const open = new Set<OpenStream>();
  const heartbeat = setInterval(() => {
    for (const stream of open) if (stream.check()) stream.beat();
  }, contract.liveHeartbeatSeconds * 1000);
  heartbeat.unref();

  /**
   * Ends those of `streams` whose session no longer holds and answers the others. A check that fails
   * ends them all: their clients reconnect, and are authenticated anew.
   */
  const keepHeld = async (streams: readonly OpenStream[]) => {
    const live = streams.filter((s) => !s.ended);
    let held = new Set<string>();
    try {
      held = await heldSessions(deps.db, [...new Map(live.map((s) => [sessionKey(s), s])).values()]);
    } catch (error) {
      app.log.warn({ err: error }, 'live: checking the sessions of open streams failed');
    }
    return live.filter((s) => {
      if (held.has(sessionKey(s))) return true;
      s.end();
      return false;
    });
  };

  let checking = false;
  const sessionCheck = setInterval(() => {
    if (checking || open.size === 0) return;
    checking = true;
    void keepHeld([...open]).finally(() => (checking = false));
  }, deps.env.LIVE_SESSION_CHECK_SECONDS * 1000);
  sessionCheck.unref();

  // Points wait for the check of their streams' sessions: the hub hands a batch to all of an order's
  // streams at once, so one query checks them all, and batches are sent in the order they came.
  let batch: Map<OpenStream, LivePoint[]> | null = null;
  let sending = Promise.resolve();
  const deliver = (stream: OpenStream, points: readonly LivePoint[]) => {
    if (!batch) {
      const next = (batch = new Map());
      sending = sending
        .then(async () => {
          if (batch === next) batch = null;
          for (const s of await keepHeld([...next.keys()])) s.send(next.get(s) ?? []);
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'live: sending points failed'));
    }
    const waiting = batch.get(stream);
    if (waiting) waiting.push(...points);
    else batch.set(stream, [...points]);
  };

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    clearInterval(sessionCheck);
    for (const stream of [...open]) stream.end();
  });

  route(app, deps, contract.liveOrder, async ({ caller, input, request, reply }) => {
    await requireCallerOrder(deps, caller, input.baseOrderId);
    const claims = await deps.tokens.verify(bearer(request));
    const expiresAtMs = claims.expires_at * 1000;

    const body = new PassThrough();
    const write = (text: string) => {
      if (stream.ended) return;
      if (body.writableLength > maxBufferedBytes) return stream.end();
      body.write(text);
    };
    const stream: OpenStream = {
      userId: caller.userId,
      tokenVersion: claims.tv,
      baseOrderId: input.baseOrderId,
      ended: false,
      check() {
        if (deps.clock.now() < expiresAtMs) return true;
        stream.end();
        return false;
      },
      beat: () => write(': keep-alive\n\n'),
      send(points) {
        if (stream.check()) write(points.map(pointEvent).join(''));
      },
      end() {
        if (stream.ended) return;
        stream.ended = true;
        unsubscribe();
        clearTimeout(expiry);
        open.delete(stream);
        body.end();
      },
    };
    const unsubscribe = hub.subscribe(input.baseOrderId, (points) => deliver(stream, points));
    const expiry = setTimeout(() => stream.check(), Math.min(Math.max(0, expiresAtMs - deps.clock.now()), maxTimerMs));
    expiry.unref();
    open.add(stream);
    body.on('close', () => stream.end());
    reply.raw.on('close', () => stream.end());

    // The first bytes go out at once, so clients and proxies see the stream open.
    body.write(`retry: 3000\n: connected\n\n`);
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('x-accel-buffering', 'no')
      .send(body);
  });
}
