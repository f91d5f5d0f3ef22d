import { createParser, type EventSourceMessage } from 'eventsource-parser';

import type { TestApp } from '../helpers/test-app.ts';

/** Helpers of the live-update tests: a real HTTP listener and an SSE reader over fetch. */

export interface LiveStream {
  status: number;
  contentType: string;
  /** The envelope of an answer that is not a stream (errors). */
  body: { data: unknown; code: string; message: string } | null;
  events: EventSourceMessage[];
  comments: string[];
  ended(): boolean;
  /** Waits until `done` holds (checked on every chunk), or fails after `ms`. */
  until(done: () => boolean, ms?: number): Promise<void>;
  close(): void;
}

/** Listens on a free loopback port; answers the origin. */
export async function listen(t: TestApp): Promise<string> {
  return t.app.listen({ port: 0, host: '127.0.0.1' });
}

export async function openLive(origin: string, baseOrderId: number | string, token?: string): Promise<LiveStream> {
  const controller = new AbortController();
  const res = await fetch(`${origin}/api/live/orders/${baseOrderId}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: controller.signal,
  });
  const contentType = res.headers.get('content-type') ?? '';
  const events: EventSourceMessage[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const poke = () => {
    for (const w of [...waiters]) w();
  };
  let ended = false;
  let body: LiveStream['body'] = null;
  if (!contentType.startsWith('text/event-stream')) {
    body = (await res.json()) as LiveStream['body'];
    ended = true;
  } else {
    const parser = createParser({
      onEvent: (e) => events.push(e),
      onComment: (c) => comments.push(c),
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.feed(decoder.decode(value, { stream: true }));
          poke();
        }
      } catch {
        // aborted by close()
      }
      ended = true;
      poke();
    })();
  }
  return {
    status: res.status,
    contentType,
    body,
    events,
    comments,
    ended: () => ended,
    until(done, ms = 10_000) {
      if (done()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`live stream: not within ${ms} ms (events: ${JSON.stringify(events)})`));
        }, ms);
        const check = () => {
          if (!done()) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}

export const pointsOf = (stream: LiveStream) =>
  stream.events
    .filter((e) => e.event === 'point')
    .map((e) => JSON.parse(e.data) as { series: string; object_key: string | null; ts: number; value: number });
