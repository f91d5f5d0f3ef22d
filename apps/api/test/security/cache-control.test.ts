import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { InvoiceSummary, Paged } from '@portal/contract';

import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let token: string;

const inlineScript = "document.documentElement.setAttribute('data-x', '1');";

/** A built app of its own (the real build may not exist when the API tests run): an index and one hashed asset. */
function webDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1);');
  writeFileSync(
    join(dist, 'index.html'),
    `<script>${inlineScript}</script><script type="module" src="/portal/assets/index-Ab12Cd34.js"></script>`,
  );
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

  it('sends the document policies with pages, and only what applies to a script with hashed assets', async () => {
    const index = await t.call('GET', '/portal/');
    expect(index.headers['content-security-policy']).toContain("script-src 'self'");
    expect(index.headers['x-frame-options']).toBe('SAMEORIGIN');
    // The page's inline script (the colour scheme, set before the app loads) is allowed by its hash alone.
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    expect(index.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
    const scriptSrc = String(index.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc).not.toContain('unsafe-inline');
    const script = await t.call('GET', '/portal/assets/index-Ab12Cd34.js');
    expect(script.status).toBe(200);
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-frame-options']).toBeUndefined();
    // A client route is a document and keeps every policy.
    const route = await t.call('GET', '/portal/invoices');
    expect(route.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
