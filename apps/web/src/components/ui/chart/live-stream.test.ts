import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  // A real HTTP server on loopback speaks Server-Sent Events; the page's origin is moved onto it, so the
  // app's own fetch (relative URL, Authorization header) reaches it as it reaches the API.
  let server: Server;
  let requests: { url: string | undefined; authorization: string | undefined; closed: Promise<void> }[];
  let push: (text: string) => void;
  beforeEach(async () => {
    requests = [];
    push = () => {};
    server = createServer((req, res) => {
      const closed = new Promise<void>((resolve) => req.on('close', () => resolve()));
      requests.push({ url: req.url, authorization: req.headers.authorization, closed });
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      res.flushHeaders();
      push = (text) => res.write(text);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/portal/service/network/42`,
    );
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('opens one stream per order for all its listeners, with the token in the Authorization header', async () => {
    saveToken('header.payload.signature', Math.floor(Date.now() / 1000) + 3600);
    const first: LivePoint[] = [];
    const second: LivePoint[] = [];
    const stopFirst = subscribeLive(42, (points) => first.push(...points));
    const stopSecond = subscribeLive(42, (points) => second.push(...points));
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.url).toBe('/api/live/orders/42');
    expect(requests[0]?.authorization).toBe('Bearer header.payload.signature');

    const point = { series: 'if_in_octets', object_key: '7', ts: 1_700_000_000, value: 12.5 };
    // Points that are not points (a fractional time, a missing value), an event split over two writes, a
    // comment, and an event of another kind: only the one point arrives.
    push('event: point\ndata: {"series":"if_in_octets","object_key":null,"ts":1.5,"value":1}\n\n');
    push('event: point\ndata: {"series":"if_in_octets","object_key":"7","ts":1700000000}\n\n');
    push(': keep-alive\n\n');
    push('event: point\ndata: {"series":"if_in_octets",');
    push('"object_key":"7","ts":1700000000,"value":12.5}\n\nevent: other\ndata: {}\n\n');
    await vi.waitFor(() => expect(first).toEqual([point]));
    expect(second).toEqual([point]);

    // The stream stays open while a listener is left, and closes with the last one.
    stopFirst();
    let closed = false;
    void requests[0]?.closed.then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    stopSecond();
    await requests[0]?.closed;
    expect(requests).toHaveLength(1);
  });
});
