import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { InvoiceSummary, Paged } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let token: string;

/** A built app of its own (the real build may not exist when the API tests run): an index and one hashed asset. */
function webDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1);');
  writeFileSync(join(dist, 'index.html'), '<script type="module" src="/portal/assets/index-Ab12Cd34.js"></script>');
  return dist;
}

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist() });
  token = await t.signIn('customer@demo.test');
});
afterAll(() => t.close());

/** Personal data and tokens must never sit in a shared cache: every /api answer says no-store. */
const expectNoStore = (res: { headers: Record<string, unknown> }) =>
  expect(res.headers['cache-control']).toBe('no-store');

describe('Cache-Control on /api', () => {
  it('is no-store on a token, on data, on errors and on unknown /api paths', async () => {
    const signIn = await t.call('POST', '/api/auth/get-token', {
      body: { email: 'customer@demo.test', password: 'Portal-Demo-1' },
    });
    expect(signIn.status).toBe(200);
    expectNoStore(signIn);
    const data = await t.call('GET', '/api/users/get-authenticated-user', { token });
    expect(data.status).toBe(200);
    expectNoStore(data);
    const noToken = await t.call('GET', '/api/users/get-authenticated-user');
    expect(noToken.status).toBe(401);
    expectNoStore(noToken);
    const invalid = await t.call('POST', '/api/auth/get-token', { body: { email: 'x' } });
    expect(invalid.status).toBe(422);
    expectNoStore(invalid);
    const unknown = await t.call('GET', '/api/no/such/call', { token });
    expect(unknown.status).toBe(404);
    expectNoStore(unknown);
    const badJson = await t.call('POST', '/api/auth/get-token', {
      body: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.status).toBe(400);
    expectNoStore(badJson);
    const badUrl = await t.call('GET', '/api/users/get-user/%E0%A4%A', { token });
    expect(badUrl.status).toBe(400);
    expectNoStore(badUrl);
    expectNoStore(await t.call('GET', '/api/openapi.json'));
    expectNoStore(await t.call('GET', '/api/content/images/1'));
  });

  it('is no-store on the PDF and CSV downloads', async () => {
    const list = await t.call('POST', '/api/invoices/get-invoices', { token, body: {} });
    const invoice = (list.body.data as Paged<InvoiceSummary>).data.find((i) => i.is_downloadable);
    if (!invoice) throw new Error('no downloadable invoice');
    const pdf = await t.call('POST', '/api/invoices/download-invoice', {
      token,
      body: { accountId: invoice.account_id, cycleLogId: invoice.cycle_log_id },
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expectNoStore(pdf);
    const csv = await t.call('POST', '/api/orders/download-orders', { token, body: {} });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expectNoStore(csv);
  });

  it('leaves the app alone: hashed assets stay immutable, index.html keeps no-cache', async () => {
    const index = await t.call('GET', '/portal/');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = /\/portal\/assets\/[^"]+\.js/.exec(index.raw)?.[0];
    if (!asset) throw new Error('the index names no asset');
    const script = await t.call('GET', asset);
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
