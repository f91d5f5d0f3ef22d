import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { appBehindProxy } from '../helpers/proxied-app.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('health checks for a load balancer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('live answers while the process runs, ready while the database answers and the schema is current', async () => {
    const live = await t.call('GET', '/api/health/live');
    expect(live.status).toBe(200);
    expect(live.body).toMatchObject({ code: 'SUCCESS', data: { status: 'ok' } });
    const ready = await t.call('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ code: 'SUCCESS', message: '', data: { database: 'ok', migrations: 'ok' } });
  });

  it('ready answers 503 SERVICE_UNAVAILABLE while a migration is missing', async () => {
    const [last] = await t.db.query<{ name: string }>(
      'DELETE FROM schema_migrations WHERE name = (SELECT max(name) FROM schema_migrations) RETURNING name',
    );
    try {
      const res = await t.call('GET', '/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ data: null, code: 'SERVICE_UNAVAILABLE', message: 'Migrations are not applied yet.' });
      expect((await t.call('GET', '/api/health/live')).status).toBe(200);
    } finally {
      await t.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last?.name]);
    }
  });
});

// The database going down under a running API (a restart or failover), played by a TCP proxy in front of
// PostgreSQL that stops: requests answer 503 in the envelope within seconds, and succeed again on their
// own once it is back.
describe.runIf(process.env.PORTAL_TEST_DB === 'postgres')('the database going away', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 503 SERVICE_UNAVAILABLE while it is down, then recovers by itself', async () => {
    const { proxy, port, app } = await appBehindProxy(t, 4);
    try {
      const token = await t.signIn('customer@demo.test');
      const call = () =>
        app.inject({
          method: 'GET',
          url: '/api/accounts/get-accounts',
          headers: { authorization: `Bearer ${token}` },
        });
      const before = await call();
      expect(before.statusCode, before.body).toBe(200);

      await proxy.stop();
      const started = Date.now();
      const failed = await call();
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toMatchObject({ data: null, code: 'SERVICE_UNAVAILABLE' });
      expect(failed.body).not.toMatch(/ECONN|pg|stack/i);
      expect(Date.now() - started).toBeLessThan(6000);
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

      await proxy.start(port);
      expect((await call()).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await proxy.stop();
    }
  });
});
