import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IntegrationToken } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createDeps } from '../../src/bootstrap.ts';
import { demoEmails } from '../../src/db/seed/demo.ts';
import type { Deps } from '../../src/deps.ts';
import { recordEvent } from '../../src/modules/integration/events.repository.ts';
import { deliverWebhooks, startWebhookDelivery } from '../../src/modules/integration/webhooks.service.ts';
import { createTestApp, testEnv, type TestApp } from '../helpers/test-app.ts';

// Issue 27: each event reaches its endpoint once and in order, whatever the number of delivering
// processes and however slow the endpoint; an endpoint failing for days is disabled.
const connectorKey = randomBytes(32).toString('base64');

let t: TestApp;
/** A process on the real clock (leases expire as time passes) and one on the test's manual clock. */
let realDeps: Deps;
let peerDeps: Deps;
let manualDeps: Deps;
let server: Server;
let origin: string;
let staff: string;
/** What the receiver answers on /down. */
let downAnswer = 503;
const slowMs = 1000;
const received: { path: string; id: string; type: string; data: Record<string, unknown> }[] = [];
let inFlight = 0;
let maxInFlight = 0;

beforeAll(async () => {
  t = await createTestApp({ CONNECTOR_KEY: connectorKey });
  const env = testEnv({ CONNECTOR_KEY: connectorKey });
  realDeps = await createDeps(env, { db: t.db });
  peerDeps = await createDeps(env, { db: t.db });
  manualDeps = await createDeps(env, { db: t.db, clock: t.clock });
  server = createServer((request, response) => {
    let body = '';
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const message = JSON.parse(body) as { type: string; data: { data: Record<string, unknown> } };
      const path = request.url ?? '';
      received.push({ path, id: String(request.headers['webhook-id']), type: message.type, data: message.data.data });
      const answer = (status: number) => {
        inFlight -= 1;
        response.writeHead(status).end();
      };
      // The slow endpoint acknowledges each event after longer than the test's lease.
      if (path === '/slow') setTimeout(() => answer(200), slowMs);
      else answer(path === '/down' ? downAnswer : 200);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  staff = await t.signIn(demoEmails.staff3);
});
afterAll(async () => {
  server.close();
  await t.close();
});

async function createHook(path: string) {
  const created = await t.call('POST', '/api/integration/tokens', {
    token: staff,
    body: { name: `hook ${path}`, scopes: ['events'], webhook_url: `${origin}${path}` },
  });
  expect(created.status).toBe(200);
  return created.body.data as { id: number; webhook_secret: string };
}

const webhookOf = async (id: number) =>
  ((await t.call('GET', '/api/integration/tokens', { token: staff })).body.data as IntegrationToken[]).find(
    (x) => x.id === id,
  )?.webhook;

/** Records `count` events (as a customer's actions would) and answers their ids. */
async function newEvents(label: string, count: number): Promise<number[]> {
  for (let n = 1; n <= count; n += 1)
    await t.db.tx((db) => recordEvent(db, { type: 'pin.reset', nowMs: t.clock.now(), data: { label, n } }));
  const rows = await t.db.query<{ event_id: number }>(
    `SELECT event_id FROM integration_events ORDER BY event_id DESC LIMIT $1`,
    [count],
  );
  return rows.map((r) => Number(r.event_id)).reverse();
}

/** The other tokens' webhooks stop taking part: each test looks at its own endpoint only. */
const onlyHook = (id: number) =>
  t.db.query(
    `UPDATE integration_tokens SET webhook_url = NULL WHERE token_id <> $1 AND webhook_url IS NOT NULL`,
    [id],
  );

describe('webhook delivery once and in order', () => {
  it('two delivery loops against one slow receiver: each event once, in order, never two at once', async () => {
    const { id } = await createHook('/slow');
    await onlyHook(id);
    const events = await newEvents('slow', 3);
    // Each loop leases for 300 ms; the receiver takes 1 s for each event.
    const loops = [realDeps, peerDeps].map((deps) => startWebhookDelivery(deps, { intervalMs: 20, leaseMs: 300 }));
    try {
      await vi.waitFor(async () => expect((await webhookOf(id))?.cursor).toBe(events.at(-1)), {
        timeout: 20_000,
        interval: 100,
      });
    } finally {
      await Promise.all(loops.map((loop) => loop.stop()));
    }
    const slow = received.filter((r) => r.path === '/slow');
    expect(slow.map((r) => r.id)).toEqual(events.map((e) => `evt_${e}`));
    expect(maxInFlight).toBe(1);
  });
});
