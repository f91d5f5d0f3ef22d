import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { customerNetworkOrder, metricsToken, postPoints } from './kit.ts';
import { listen, openLive, pointsOf, type LiveStream } from './live-kit.ts';

let t: TestApp;
let origin: string;
let token: string;
let customer: string;
let order: { base_order_id: number; order_number: string };
let now: number;
const streams: LiveStream[] = [];

beforeAll(async () => {
  t = await createTestApp();
  origin = await listen(t);
  token = await metricsToken(t);
  customer = await t.signIn('customer@demo.test');
  order = await customerNetworkOrder(t);
  now = Math.floor(t.clock.now() / 60000) * 60;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

const open = async (baseOrderId: number | string, bearer?: string) => {
  const stream = await openLive(origin, baseOrderId, bearer);
  streams.push(stream);
  return stream;
};

const point = (key: string, metric: string, ts: number, value: number, orderNumber = order.order_number) => ({
  order_number: orderNumber,
  metric,
  labels: { object_key: key },
  ts,
  value,
});

async function ingest(points: unknown[]) {
  const res = await postPoints(t, token, points);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data).toMatchObject({ accepted: points.length, rejected: [] });
}

describe('GET /api/live/orders/:baseOrderId', () => {
  it('answers the envelope, not a stream, without a token, with a bad id and for another company’s order', async () => {
    const anonymous = await open(order.base_order_id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body?.code).toBe('INVALID_TOKEN');

    const bad = await open('abc', customer);
    expect(bad.status).toBe(422);
    expect(bad.body?.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(bad.body?.data as object)).toEqual(['baseOrderId']);

    const globexOrder = await t.db.one<{ base_order_id: number }>(
      `SELECT o.base_order_id FROM orders o JOIN accounts_users au ON au.account_id = o.account_id
         JOIN users u ON u.user_id = au.user_id WHERE u.email_nm = 'admin@demo.test' ORDER BY 1 LIMIT 1`,
    );
    const foreign = await open(globexOrder?.base_order_id as number, customer);
    expect({ status: foreign.status, code: foreign.body?.code, data: foreign.body?.data }).toEqual({
      status: 404,
      code: 'NOT_FOUND',
      data: null,
    });
    // Exactly as an order that exists nowhere.
    const ghost = await open(2147483647, customer);
    expect(ghost.body).toEqual(foreign.body);
  });

  it('sends each new point as an event `point`; a counter’s first reading, without a rate, sends none', async () => {
    const stream = await open(order.base_order_id, customer);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    await stream.until(() => stream.comments.length > 0);
    expect(stream.comments).toContain('connected');

    await ingest([point('7101', 'if_in_octets', now - 120, 1_000_000)]);
    await ingest([point('7101', 'if_in_octets', now - 60, 1_600_000), point('7101', 'if_out_octets', now - 60, 50)]);
    await stream.until(() => pointsOf(stream).length >= 1);
    // The in counter's second reading: 600,000 octets in 60 s; the out counter's first reading: nothing.
    expect(pointsOf(stream)).toEqual([{ series: 'if_in_octets', object_key: '7101', ts: now - 60, value: 10_000 }]);

    await ingest([point('7101', 'if_out_octets', now, 650)]);
    await stream.until(() => pointsOf(stream).length >= 2);
    expect(pointsOf(stream)[1]).toEqual({ series: 'if_out_octets', object_key: '7101', ts: now, value: 10 });
  });

  it('does not send a repeat, a late point or another order’s points', async () => {
    const stream = await open(order.base_order_id, customer);
    const other = await t.db.one<{ order_number: string }>(
      `SELECT o.order_number FROM orders o JOIN products p USING (product_cd)
        WHERE p.product_controller = 'network' AND o.base_order_id <> $1 ORDER BY 1 LIMIT 1`,
      [order.base_order_id],
    );
    await ingest([point('7102', 'if_in_octets', now - 300, 100)]);
    await ingest([point('7102', 'if_in_octets', now - 240, 700)]);
    await ingest([
      point('7102', 'if_in_octets', now - 240, 700), // a repeat
      point('7102', 'if_in_octets', now - 270, 400), // late: before the newest
      point('7102', 'if_in_octets', now - 120, 70, other?.order_number),
      point('7102', 'if_in_octets', now - 180, 1300),
    ]);
    await stream.until(() => pointsOf(stream).length >= 2);
    expect(pointsOf(stream)).toEqual([
      { series: 'if_in_octets', object_key: '7102', ts: now - 240, value: 10 },
      { series: 'if_in_octets', object_key: '7102', ts: now - 180, value: 10 },
    ]);
  });

  it('reaches the clients of another API process on the same database', async () => {
    const peer = await t.peer();
    const peerOrigin = await listen(peer);
    const stream = await openLive(peerOrigin, order.base_order_id, customer);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await ingest([point('7103', 'if_in_octets', now - 60, 5)]);
    await ingest([point('7103', 'if_in_octets', now, 6005)]);
    await stream.until(() => pointsOf(stream).length >= 1);
    expect(pointsOf(stream)).toEqual([{ series: 'if_in_octets', object_key: '7103', ts: now, value: 100 }]);
  });

  it('ends when the token expires (by the injected clock), before sending anything after it', async () => {
    const stream = await open(order.base_order_id, customer);
    expect(stream.status).toBe(200);
    const ttl = (
      await t.call('POST', '/api/auth/get-token', {
        body: { email: 'customer@demo.test', password: 'Portal-Demo-1' },
      })
    ).body.data as { expires_at: number };
    t.clock.advance((ttl.expires_at - Math.floor(t.clock.now() / 1000) + 1) * 1000);
    const later = Math.floor(t.clock.now() / 60000) * 60;
    await ingest([point('7104', 'if_in_octets', later - 60, 10), point('7104', 'if_in_octets', later, 70)]);
    await stream.until(() => stream.ended());
    expect(pointsOf(stream)).toEqual([]);
  });
});
