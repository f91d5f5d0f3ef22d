import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('dev/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the kept messages newest first with their links, without sign-in', async () => {
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'customer@demo.test' } });
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'admin@demo.test' } });
    const res = await t.call('GET', '/api/dev/outbox');
    expect(res.status).toBe(200);
    const page = res.body.data as {
      data: { to_address: string; links: string[]; kind: string; created_at: number }[];
      total: number;
    };
    expect(page.data[0]).toMatchObject({ to_address: 'admin@demo.test', kind: 'password-reset' });
    expect(page.data[0]?.links[0]).toMatch(/^http:\/\/localhost:8080\/portal\/login\/reset\//);
    expect(page.data[1]?.to_address).toBe('customer@demo.test');
    expect(typeof page.data[0]?.created_at).toBe('number');
    expect(page.total).toBeGreaterThanOrEqual(2);
  });

  it('filters by address or subject and pages by 20', async () => {
    for (let i = 0; i < 21; i += 1) {
      await t.call('POST', '/api/auth/forgot-password', {
        body: { email: `bulk${i}@paging.example` },
        headers: { 'x-forwarded-for': `10.5.0.${i}` },
      });
    }
    const first = await t.call('GET', '/api/dev/outbox?search=paging.example');
    expect(first.body.data).toMatchObject({ current_page: 1, last_page: 2, per_page: 20, total: 21 });
    const second = await t.call('GET', '/api/dev/outbox?search=paging.example&page=2');
    expect((second.body.data as { data: unknown[] }).data).toHaveLength(1);
    const none = await t.call('GET', '/api/dev/outbox?search=nothing-like-this');
    expect(none.body.data).toMatchObject({ data: [], total: 0, last_page: 0 });
  });

  it('answers NOT_FOUND to a client on another machine, the API and the page alike', async () => {
    const remote = await t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '192.0.2.10' });
    expect(remote.statusCode).toBe(404);
    expect(remote.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
    const page = await t.app.inject({ method: 'GET', url: '/portal/dev/outbox', remoteAddress: '192.0.2.10' });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ code: 'NOT_FOUND' });
    const localPage = await t.app.inject({ method: 'GET', url: '/portal/dev/outbox' });
    expect(localPage.statusCode).toBe(200);
  });

  it('answers NOT_FOUND to a request that came through a proxy, even from loopback', async () => {
    const res = await t.call('GET', '/api/dev/outbox', { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(res.status).toBe(404);
    const forwarded = await t.call('GET', '/api/dev/outbox', { headers: { forwarded: 'for=127.0.0.1' } });
    expect(forwarded.status).toBe(404);
  });

  it('validates the page', async () => {
    const res = await t.call('GET', '/api/dev/outbox?page=zero');
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });
});

describe('dev/outbox when mail really goes out', () => {
  it('answers NOT_FOUND with SMTP configured', async () => {
    const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const res = await t.call('GET', '/api/dev/outbox');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', data: null });
    } finally {
      await t.close();
    }
  });

  it('answers NOT_FOUND in production even without SMTP', async () => {
    const t = await createTestApp({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example',
      // Production refuses to start without its connector credentials key (decision 100).
      CONNECTOR_KEY: Buffer.alloc(32, 7).toString('base64'),
    });
    try {
      expect((await t.call('GET', '/api/dev/outbox')).body.code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });
});
