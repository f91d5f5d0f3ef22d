import { PassThrough } from 'node:stream';

import type { FastifyInstance, FastifyRequest } from 'fastify';

import { metrics as contract } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { route } from '../../plugins/route.ts';
import type { LiveHub, LivePoint } from './live.ts';
import { findCallerOrder } from './store.repository.ts';

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

/**
 * GET /api/live/orders/:baseOrderId (issue 13, decision 102): Server-Sent Events of an order's new
 * points. The route helper authenticates it like every call, and the order is checked as the data
 * freshness call of the product pages checks it, before the stream starts (errors are envelopes).
 * The stream ends when the token expires (checked by the injected clock at every heartbeat and
 * before every event, and by a timer), and when the server closes.
 */
export function liveRoutes(app: FastifyInstance, deps: Deps, hub: LiveHub) {
  const open = new Set<{ check(): boolean; beat(): void; end(): void }>();
  const heartbeat = setInterval(() => {
    for (const stream of open) if (stream.check()) stream.beat();
  }, contract.liveHeartbeatSeconds * 1000);
  heartbeat.unref();
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const stream of [...open]) stream.end();
  });

  route(app, deps, contract.liveOrder, async ({ caller, input, request, reply }) => {
    if (!(await findCallerOrder(deps.db, caller.userId, input.baseOrderId))) throw notFound();
    const expiresAtMs = (await deps.tokens.verify(bearer(request))).expires_at * 1000;

    const body = new PassThrough();
    let ended = false;
    const write = (text: string) => {
      if (ended) return;
      if (body.writableLength > maxBufferedBytes) return stream.end();
      body.write(text);
    };
    const stream = {
      /** False (and the stream ended) once the token has expired. */
      check() {
        if (deps.clock.now() < expiresAtMs) return true;
        stream.end();
        return false;
      },
      beat: () => write(': keep-alive\n\n'),
      end() {
        if (ended) return;
        ended = true;
        unsubscribe();
        clearTimeout(expiry);
        open.delete(stream);
        body.end();
      },
    };
    const unsubscribe = hub.subscribe(input.baseOrderId, (points) => {
      if (stream.check()) write(points.map(pointEvent).join(''));
    });
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
