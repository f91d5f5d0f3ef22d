import { afterEach, describe, expect, it, vi } from 'vitest';

import { saveToken } from '../../../lib/token.ts';
import { reconnectDelay, subscribeLive, type LivePoint } from './live-stream.ts';

describe('reconnectDelay', () => {
  it('doubles from 1 s to at most 30 s, half of it random', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 0)).toBe(4000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(10, () => 1)).toBe(30_000);
    expect(reconnectDelay(10, () => 0)).toBe(15_000);
  });
});

describe('subscribeLive', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens one stream per order for all its listeners, with the token in the Authorization header', async () => {
    saveToken('header.payload.signature', Math.floor(Date.now() / 1000) + 3600);
    const encoder = new TextEncoder();
    let push: (text: string) => void = () => {};
    let signal: AbortSignal | undefined;
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          push = (text) => controller.enqueue(encoder.encode(text));
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    vi.stubGlobal('fetch', fetchMock);

    const first: LivePoint[] = [];
    const second: LivePoint[] = [];
    const stopFirst = subscribeLive(42, (points) => first.push(...points));
    const stopSecond = subscribeLive(42, (points) => second.push(...points));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/live/orders/42');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer header.payload.signature');

    const point = { series: 'if_in_octets', object_key: '7', ts: 1_700_000_000, value: 12.5 };
    // An event split over two chunks, a comment, and an event of another kind.
    push(': keep-alive\n\nevent: point\ndata: {"series":"if_in_octets",');
    push('"object_key":"7","ts":1700000000,"value":12.5}\n\nevent: other\ndata: {}\n\n');
    await vi.waitFor(() => expect(first).toEqual([point]));
    expect(second).toEqual([point]);

    stopFirst();
    expect(signal?.aborted).toBe(false);
    stopSecond();
    expect(signal?.aborted).toBe(true);
  });
});
