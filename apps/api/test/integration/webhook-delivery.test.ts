import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { IntegrationToken } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createDeps } from '../../src/bootstrap.ts';
import { demoEmails } from '../../src/seed/demo.ts';
import type { Deps } from '../../src/deps.ts';
import { recordEvent } from '../../src/modules/events/events.service.ts';
import { unseal } from '../../src/lib/sealed.ts';
import {
  leaseDueWebhooks,
  markDelivered,
  releaseLease,
  renewLease,
} from '../../src/modules/integration/webhooks.repository.ts';
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
const slowMs = 2500;
const received: {
  path: string;
  id: string;
  type: string;
  data: Record<string, unknown>;
  /** Whether the request's Standard Webhooks signature is that of this secret. */
  verified: (secret: string) => boolean;
}[] = [];
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
      const id = String(request.headers['webhook-id']);
      const signed = `${id}.${String(request.headers['webhook-timestamp'])}.${body}`;
      received.push({
        path,
        id,
        type: message.type,
        data: message.data.data,
        verified: (secret) =>
          request.headers['webhook-signature'] ===
          `v1,${createHmac('sha256', Buffer.from(secret.slice(6), 'base64'))
            .update(signed)
            .digest('base64')}`,
      });
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

const cursorOf = async (id: number) =>
  Number(
    (
      await t.db.one<{ cursor: number }>(
        'SELECT webhook_cursor AS cursor FROM integration_tokens WHERE token_id = $1',
        [id],
      )
    )?.cursor,
  );

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
  t.db.query(`UPDATE integration_tokens SET webhook_url = NULL WHERE token_id <> $1 AND webhook_url IS NOT NULL`, [id]);

describe('webhook delivery once and in order', () => {
  it('two delivery loops against one slow receiver: each event once, in order, never two at once', async () => {
    const { id } = await createHook('/slow');
    await onlyHook(id);
    const events = await newEvents('slow', 3);
    // Each loop looks for due tokens four times a second and leases for 1 s (renewed every third of it);
    // the receiver takes 2.5 s for each event.
    const loops = [realDeps, peerDeps].map((deps) => startWebhookDelivery(deps, { intervalMs: 250, leaseMs: 1000 }));
    try {
      await vi.waitFor(async () => expect(await cursorOf(id)).toBe(events.at(-1)), { timeout: 30_000, interval: 500 });
    } finally {
      await Promise.all(loops.map((loop) => loop.stop()));
    }
    const slow = received.filter((r) => r.path === '/slow');
    expect(slow.map((r) => r.id)).toEqual(events.map((e) => `evt_${e}`));
    expect(maxInFlight).toBe(1);
  });

  it('a run whose lease was taken over records nothing, and the cursor only moves forward', async () => {
    const { id } = await createHook('/hooks');
    await onlyHook(id);
    const [first, second] = await newEvents('cursor', 2);
    const now = t.clock.now();
    // Run A leases for a second and stalls; after its lease ended, run B takes the token over.
    expect((await leaseDueWebhooks(t.db, 'run-a', now, now + 1000)).map((x) => x.token_id)).toEqual([id]);
    expect(await leaseDueWebhooks(t.db, 'run-b', now + 500, now + 1500)).toEqual([]);
    expect((await leaseDueWebhooks(t.db, 'run-b', now + 1001, now + 2001)).map((x) => x.token_id)).toEqual([id]);
    expect(await renewLease(t.db, id, 'run-a', now + 3000)).toBe(false);
    expect(await markDelivered(t.db, id, 'run-a', first!, now)).toBe(false);
    expect(await markDelivered(t.db, id, 'run-b', second!, now)).toBe(true);
    // An acknowledgement of an earlier event never takes the cursor back.
    expect(await markDelivered(t.db, id, 'run-b', first!, now)).toBe(false);
    expect((await webhookOf(id))?.cursor).toBe(second);
    await releaseLease(t.db, id, 'run-a');
    expect(await renewLease(t.db, id, 'run-b', now + 3000)).toBe(true);
  });

  it('an endpoint failing for longer than three days is disabled, its creator told; re-enabling resumes from the cursor', async () => {
    const { id } = await createHook('/down');
    await onlyHook(id);
    const cursor = (await webhookOf(id))?.cursor;
    const events = await newEvents('down', 2);
    const tries = () => received.filter((r) => r.path === '/down').length;
    // Three days of failures, the retries at most an hour apart: still trying.
    const start = t.clock.now();
    await deliverWebhooks(manualDeps);
    while (t.clock.now() - start < 72 * 3_600_000) {
      t.clock.advance(3_600_000);
      await deliverWebhooks(manualDeps);
    }
    expect(await webhookOf(id)).toMatchObject({ cursor, last_error: 'HTTP 503', disabled_at: null });
    const before = tries();
    t.clock.advance(3_600_000);
    await deliverWebhooks(manualDeps);
    expect(tries()).toBe(before + 1);
    const state = await webhookOf(id);
    // Timestamps go over the wire as extract(epoch)::bigint, which rounds the clock's milliseconds.
    expect(state).toMatchObject({ cursor, disabled_at: Math.round(t.clock.now() / 1000) });
    expect(state?.disabled_reason).toBe(
      `Every delivery failed for more than 3 days (since ${new Date(start).toISOString()}). The last error: HTTP 503`,
    );
    const mail = await t.db.query<{ to_address: string; subject: string; text_body: string }>(
      `SELECT to_address, subject, text_body FROM mail_outbox WHERE kind = 'webhook-disabled'`,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      to_address: demoEmails.staff3,
      subject: 'Webhook of the integration token "hook /down" disabled',
    });
    expect(mail[0]?.text_body).toContain(state?.disabled_reason);

    // Disabled: nothing is sent, however long one waits.
    downAnswer = 200;
    t.clock.advance(24 * 3_600_000);
    expect(await deliverWebhooks(manualDeps)).toBe(0);
    expect(tries()).toBe(before + 1);

    const enabled = await t.call('POST', `/api/integration/tokens/${id}/enable-webhook`, { token: staff });
    expect(enabled.status).toBe(200);
    expect(await webhookOf(id)).toMatchObject({ cursor, attempts: 0, disabled_at: null, disabled_reason: null });
    expect(await deliverWebhooks(manualDeps)).toBe(2);
    expect(received.slice(-2).map((r) => r.id)).toEqual(events.map((e) => `evt_${e}`));
    expect((await webhookOf(id))?.cursor).toBe(events.at(-1));

    const unknown = await t.call('POST', '/api/integration/tokens/999999/enable-webhook', { token: staff });
    expect(unknown.body.code).toBe('NOT_FOUND');
    const customer = await t.signIn(demoEmails.customer);
    const refused = await t.call('POST', `/api/integration/tokens/${id}/enable-webhook`, { token: customer });
    expect(refused.status).toBe(403);
  });

  it('webhook secrets are sealed with CONNECTOR_KEY; one stored plain before is sealed at start', async () => {
    const { id, webhook_secret } = await createHook('/hooks');
    await onlyHook(id);
    const stored = async () =>
      (await t.db.one<{ webhook_secret: string }>('SELECT webhook_secret FROM integration_tokens WHERE token_id = $1', [
        id,
      ]))!.webhook_secret;
    const aad = `integration-token:${id}:webhook-secret`;
    expect(await stored()).toMatch(/^v1\./);
    expect(unseal(Buffer.from(connectorKey, 'base64'), await stored(), aad)).toBe(webhook_secret);

    // As migration 117 found it: plain. The next process to start seals it, and delivery signs with it.
    await t.db.query('UPDATE integration_tokens SET webhook_secret = $2 WHERE token_id = $1', [id, webhook_secret]);
    await createDeps(testEnv({ CONNECTOR_KEY: connectorKey }), { db: t.db, clock: t.clock });
    expect(await stored()).toMatch(/^v1\./);
    expect(unseal(Buffer.from(connectorKey, 'base64'), await stored(), aad)).toBe(webhook_secret);
    await newEvents('sealed', 1);
    expect(await deliverWebhooks(manualDeps)).toBe(1);
    const last = received.at(-1)!;
    expect(last.verified(webhook_secret)).toBe(true);
  });
});
