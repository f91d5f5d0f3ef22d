import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';

import { integration } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { demoEmails } from '../../src/seed/demo.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { batch, newToken, statuses } from './kit.ts';

/**
 * Batches in flight (issue 27): a token has at most INTEGRATION_BATCHES_IN_FLIGHT batches running at
 * once (429 with Retry-After beyond), in every API process together when Redis is there; batches use at
 * most INTEGRATION_BATCH_CONNECTIONS of a process's database connections; a batch gives the event loop
 * back between items.
 *
 * A batch is held in flight by its last step: a new user's invitation goes to an SMTP server of this
 * test, which accepts the connection and says nothing until the test lets it go.
 */

/** An SMTP server that never greets: each connection waits until `release()`, which hangs them all up. */
async function silentSmtp() {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => void sockets.push(socket));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    /** Resolves once `n` connections (batches at their mail) are open. */
    async connections(n: number) {
      while (sockets.length < n) await once(server, 'connection');
    },
    release() {
      for (const socket of sockets.splice(0)) socket.destroy();
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

let userCount = 0;
/** A users batch with one new user (invited by mail, so held by the silent server). */
const newUser = () => ({
  email_nm: `inflight${(userCount += 1)}@genco.example`,
  first_nm: 'In',
  last_nm: 'Flight',
  accounts: [{ account_number: '1000101' }],
  send_invitation: true,
});
const product = (code: string) => ({
  product_cd: code,
  product: 'In flight',
  short_product_name: 'IF',
  product_group: 'IF',
  product_controller: 'if',
});

describe('batches in flight per token', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof silentSmtp>>;
  let staff: string;
  beforeAll(async () => {
    smtp = await silentSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, INTEGRATION_BATCHES_IN_FLIGHT: '2' });
    staff = await t.signIn(demoEmails.staff3);
  });
  afterAll(async () => {
    smtp.release();
    await t.close();
    await smtp.close();
  });

  it('a token gets 429 with Retry-After beyond its batches in flight; a finished batch frees its place', async () => {
    const { token } = await newToken(t, staff);
    const held = [batch(t, token, 'users', [newUser()]), batch(t, token, 'users', [newUser()])];
    await smtp.connections(2);

    const refused = await batch(t, token, 'products', [product('IF-1')]);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      data: null,
      code: 'TOO_MANY_ATTEMPTS',
      message: expect.any(String),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // The limit is the token's own.
    const other = await newToken(t, staff);
    expect(statuses((await batch(t, other.token, 'products', [product('IF-2')])).results)).toEqual(['created']);

    smtp.release();
    for (const done of await Promise.all(held)) expect(statuses(done.results)).toEqual(['created']);
    expect(statuses((await batch(t, token, 'products', [product('IF-1')])).results)).toEqual(['created']);
  });

  it('a batch refused at the door or failing on its body frees its place too', async () => {
    const { token } = await newToken(t, staff);
    for (let i = 0; i < 3; i += 1) {
      const res = await t.call('POST', '/api/integration/v1/products/batch', { token, body: { items: [] } });
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect(statuses((await batch(t, token, 'products', [product('IF-3')])).results)).toEqual(['created']);
  });

  it('gives the event loop back between items', async () => {
    const { token } = await newToken(t, staff);
    // Items refused by their schema need no database: nothing but the batch itself would yield.
    const items = Array.from({ length: 1000 }, (_, i) => ({ product_cd: `IF-LOOP-${i}` }));
    const parse = vi.spyOn(integration.collections.products.item, 'safeParse');
    try {
      let done = false;
      const answered = batch(t, token, 'products', items).finally(() => (done = true));
      // Items parsed between two turns of the event loop (which customers' requests would wait for).
      let most = 0;
      let seen = 0;
      while (!done) {
        await nextTurn();
        most = Math.max(most, parse.mock.calls.length - seen);
        seen = parse.mock.calls.length;
      }
      expect(statuses((await answered).results)).toEqual(items.map(() => 'invalid'));
      expect(parse).toHaveBeenCalledTimes(1000);
      // At most one item per lane and turn (4 lanes on PostgreSQL).
      expect(most).toBeLessThanOrEqual(4);
    } finally {
      parse.mockRestore();
    }
  });
});

const redisUrl = process.env.REDIS_URL_TEST;
describe.runIf(redisUrl)('batches in flight per token, shared through Redis', () => {
  it('counts a token’s batches at two API processes together', async () => {
    const smtp = await silentSmtp();
    const t = await createTestApp({
      SMTP_URL: smtp.url,
      INTEGRATION_BATCHES_IN_FLIGHT: '2',
      REDIS_URL: redisUrl as string,
    });
    try {
      const peer = await t.peer();
      const { token } = await newToken(t, await t.signIn(demoEmails.staff3));
      const held = [batch(t, token, 'users', [newUser()]), batch(peer, token, 'users', [newUser()])];
      await smtp.connections(2);
      expect((await batch(peer, token, 'products', [product('IF-R1')])).status).toBe(429);
      expect((await batch(t, token, 'products', [product('IF-R1')])).status).toBe(429);
      smtp.release();
      await Promise.all(held);
      expect(statuses((await batch(peer, token, 'products', [product('IF-R1')])).results)).toEqual(['created']);
    } finally {
      smtp.release();
      await t.close();
      await smtp.close();
    }
  });
});

describe.runIf(process.env.PORTAL_TEST_DB === 'postgres')('batches and the database connections', () => {
  it('take at most INTEGRATION_BATCH_CONNECTIONS of the pool: a customer’s call still gets one', async () => {
    // The test app's pool has 4 connections; the test's own transaction takes one, batches at most 2.
    const t = await createTestApp({ INTEGRATION_BATCH_CONNECTIONS: '2', INTEGRATION_BATCHES_IN_FLIGHT: '3' });
    let unlock = () => {};
    try {
      const staff = await t.signIn(demoEmails.staff3);
      const customer = await t.signIn(demoEmails.customer);
      const codes = ['IF-L1', 'IF-L2', 'IF-L3', 'IF-L4'];
      // Rows the batches' items will wait for: inserted and not committed until the test says so.
      let locked = () => {};
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      const holder = t.db
        .tx(async (db) => {
          for (const code of codes)
            await db.query(
              `INSERT INTO products (product_cd, product, short_product_name, product_group, product_controller)
               VALUES ($1, 'x', 'x', 'x', 'x')`,
              [code],
            );
          locked();
          await new Promise<void>((resolve) => (unlock = resolve));
          throw new Error('rolled back');
        })
        .catch(() => {});
      await lockTaken;
      const tokens = await Promise.all([1, 2, 3].map(() => newToken(t, staff)));
      const running = tokens.map(({ token }) => batch(t, token, 'products', codes.map(product)));
      const waiting = async () =>
        (
          await t.db.one<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        )?.n ?? 0;
      while ((await waiting()) < 2) await nextTurn();

      const accounts = await t.call('GET', '/api/accounts/get-accounts', { token: customer });
      expect(accounts.status).toBe(200);
      expect(await waiting()).toBe(2);

      unlock();
      await holder;
      for (const done of await Promise.all(running)) expect(done.status).toBe(200);
    } finally {
      unlock();
      await t.close();
    }
  }, 60_000);
});
