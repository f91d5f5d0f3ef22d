import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { demoProvider } from '../../src/seed/provider.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

const inlineScript = "document.documentElement.setAttribute('data-x', '1');";
const hostile = 'Fibre cut </script><script>alert(1)</script> <!-- & more \u2028';

/**
 * A built app of its own (the real build may not exist when the API tests run): an index, and a server
 * module that renders the sign-in page from the outages the API reads for it, as the web's
 * entry-server does (decision 108). Its HTML escapes the text, as React does; the state is left to the API.
 */
function webDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  mkdirSync(join(dist, 'server'));
  mkdirSync(join(dist, '.vite'));
  // The page's chunk, its CSS and a chunk it imports; the entry's own files are linked by index.html already.
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-Ab12Cd34.js', css: ['assets/index-Ef56.css'] },
      'src/Login.tsx': { file: 'assets/Login-1.js', css: ['assets/Login-2.css'], imports: ['index.html', '_Frame.js'] },
      '_Frame.js': { file: 'assets/Frame-3.js', css: ['assets/Frame-4.css'], imports: ['index.html'] },
    }),
  );
  // The entry's stylesheet and the page's go inside the rendered page; one naming a file relative to
  // itself keeps its link (inlined, the address would resolve against the page's).
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'index-Ef56.css'), 'body{margin:0}');
  writeFileSync(join(dist, 'assets', 'Login-2.css'), '.frame{color:navy}');
  writeFileSync(join(dist, 'assets', 'Frame-4.css'), ".frame{background:url('./wave.svg')}");
  writeFileSync(
    join(dist, 'index.html'),
    `<html><head><script>${inlineScript}</script><title>Customer portal</title>` +
      `<link rel="stylesheet" crossorigin href="/portal/assets/index-Ef56.css"></head>` +
      `<body><div id="root"></div><script type="module" src="/portal/assets/index-Ab12Cd34.js"></script></body></html>`,
  );
  // Like the web's render: the page's calls go through the fetch the API gives it, with the cookie's token.
  writeFileSync(
    join(dist, 'server', 'entry-server.js'),
    `const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const call = async (fetch, path, token) => {
  const headers = { Accept: 'application/json' };
  if (token) headers.Authorization = 'Bearer ' + token;
  const res = await fetch('/api' + path, { method: 'GET', headers });
  return { status: res.status, body: await res.json() };
};
export async function render({ url, cookies, locale, provider, fetch }) {
  if (url.startsWith('/portal/broken')) throw new Error('render failed');
  if (url.startsWith('/portal/home')) {
    const token = /portalToken=([^;]+)/.exec(cookies)?.[1];
    if (!token) return null;
    const user = await call(fetch, '/users/get-authenticated-user', token);
    if (user.status !== 200) return null;
    return { html: '<main>Welcome, ' + escape(user.body.data.first_nm) + '</main>', page: 'src/Login.tsx', state: {}, personal: true };
  }
  if (!url.startsWith('/portal/login')) return null;
  const outages = (await call(fetch, '/notifications/get-outages')).body.data;
  const banners = outages.map((o) => '<div role="alert">' + escape(o.message) + '</div>').join('');
  return { html: '<title>Sign in · ' + escape(provider.portal_name) + '</title><main data-locale="' + locale + '">' + banners + '</main>', page: 'src/Login.tsx', state: { outages }, personal: false };
}
`,
  );
  return dist;
}

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist() });
  await t.db.query(`INSERT INTO outages (message, starts_at) VALUES ($1, now() - interval '1 hour')`, [hostile]);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const stateOf = (html: string) =>
  /<script type="application\/json" id="first-screen-state">(.*?)<\/script>/s.exec(html);

describe('the sign-in page rendered on the server', () => {
  it('carries the outage banners and the state they were rendered from, escaped against script injection', async () => {
    const res = await get('/portal/login?next=%2Fhome%2Findex');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    // The banner text, read in-process from the outages the API's call answers.
    const outages = (await t.call('GET', '/api/notifications/get-outages')).body.data as { message: string }[];
    expect(outages.map((o) => o.message)).toContain(hostile);
    for (const outage of outages)
      expect(res.body).toContain(outage.message.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    // The page's title comes first (the browser reads it); the index's stays for pages without one.
    // Both name the provider of the profile in force (decision 123).
    const name = demoProvider.portal_name;
    expect(res.body).toContain(`<title>Sign in · ${name}</title><title>${name}</title>`);
    // Exactly one script element closes after the data block opens: its own.
    const state = stateOf(res.body);
    expect(state).not.toBeNull();
    const json = state![1]!;
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(res.body.match(/<script\b/g)).toHaveLength(4);
    expect(JSON.parse(json)).toEqual({ outages });
    // The entry's and the page's stylesheets are in the head, once each: no request before the first paint.
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<style data-href="/portal/assets/index-Ef56.css">body{margin:0}</style>');
    expect(head).toContain('<style data-href="/portal/assets/Login-2.css">.frame{color:navy}</style>');
    expect(head.match(/index-Ef56\.css/g)).toHaveLength(1);
    expect(head.match(/Login-2\.css/g)).toHaveLength(1);
    // Nothing is painted before the whole page has arrived (the state block comes after it).
    expect(head).toContain('<link rel="expect" href="#first-screen-state" blocking="render">');
    // A stylesheet with an address relative to itself stays a link.
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/portal/assets/Frame-4.css">');
  });

  it('is compressed for a browser that takes brotli', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/portal/login', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('id="first-screen-state"');
  });

  it('keeps the CSP to our own files and the hashed inline script: the data block is never run', async () => {
    const res = await get('/portal/login');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)![1]!.split(' ');
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    expect(scriptSrc).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(res.body).toContain(`<script>${inlineScript}</script>`);
  });

  it('sends the plain index for a route the app does not render on the server, or when rendering fails', async () => {
    for (const url of ['/portal/invoices', '/portal/broken', '/portal/']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"></div>');
      expect(stateOf(res.body)).toBeNull();
      // The same for every page, so the browser keeps it: the stylesheet stays a link.
      expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/portal/assets/index-Ef56.css">');
      expect(res.body).not.toContain('<style');
    }
  });

  it("renders a signed-in page with the cookie's own session, never stored on the way, and none without it", async () => {
    const html = async (cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/portal/home/index', headers: cookie ? { cookie } : {} });
    const customer = await html(`portalToken=${await t.signIn('customer@demo.test')}`);
    expect(customer.body).toContain('Welcome, Casey');
    expect(customer.headers['cache-control']).toBe('no-store');
    expect(String(customer.headers.vary)).toContain('cookie');
    // Another customer's cookie: their own name, never the one rendered before.
    const admin = await html(`other=1; portalToken=${await t.signIn('admin@demo.test')}`);
    expect(admin.body).not.toContain('Welcome, Casey');
    expect(admin.body).toMatch(/Welcome, \w+/);
    // No cookie, or a token the API refuses: the plain index, which the browser sends to sign-in.
    for (const res of [await html(), await html('portalToken=not.a.token')]) {
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('Welcome');
    }
  });

  it('never serves the server module to the browser', async () => {
    const res = await get('/portal/server/entry-server.js');
    expect(res.body).not.toContain('export async function render');
  });

  it('answers a form sent before the app took over with the page again, without reading it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/portal/login?next=%2Fhome%2Findex',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=customer%40demo.test&password=Portal-Demo-1',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/portal/login?next=%2Fhome%2Findex');
    expect(res.body).not.toContain('Portal-Demo-1');
  });
});

describe("the portal's locale (PORTAL_LOCALE, decision 120)", () => {
  it('every document states it in a cookie the app formats by, and the server renders with it', async () => {
    const german = await createTestApp({ WEB_DIST: webDist(), PORTAL_LOCALE: 'de-DE' });
    try {
      // A rendered page and the plain index alike.
      for (const url of ['/portal/login', '/portal/invoices']) {
        const res = await german.app.inject({ method: 'GET', url });
        expect(res.headers['set-cookie']).toBe('portalLocale=de-DE; Path=/; SameSite=Strict');
      }
      expect((await german.app.inject({ method: 'GET', url: '/portal/login' })).body).toContain(
        '<main data-locale="de-DE">',
      );
    } finally {
      await german.close();
    }
    const english = await get('/portal/login');
    expect(english.headers['set-cookie']).toBe('portalLocale=en-US; Path=/; SameSite=Strict');
    expect(english.body).toContain('<main data-locale="en-US">');
  });
});
