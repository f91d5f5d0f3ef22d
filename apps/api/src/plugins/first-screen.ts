import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';

import type { PublicProfile } from '@portal/contract';

import type { Provider } from '../modules/provider/profiles.ts';

/** The web build's server module (dist/server/entry-server.js, decisions 108, 109; src/entry-server.tsx). */
interface FirstScreenModule {
  render(request: {
    url: string;
    cookies: string;
    locale: string;
    provider: PublicProfile;
    fetch: (url: string, init: RequestInit) => Promise<Response>;
  }): Promise<{ html: string; page: string; state: unknown; personal: boolean } | null>;
}

/**
 * The fetch a page rendered on the server sends its calls with: each goes through the API in-process
 * (Fastify's inject), with the headers the page's request helper sets (the token from the document's
 * cookie) and the document request's address, so the calls are checked, limited and logged as the
 * browser's own would be.
 */
export const fetchThrough =
  (app: FastifyInstance, from: FastifyRequest) =>
  async (url: string, init: RequestInit): Promise<Response> => {
    const answer = await app.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url,
      headers: { ...(init.headers as Record<string, string>), 'user-agent': from.headers['user-agent'] ?? '' },
      payload: typeof init.body === 'string' ? init.body : undefined,
      remoteAddress: from.ip,
    });
    const type = answer.headers['content-type'];
    return new Response(answer.statusCode === 204 ? null : answer.body, {
      status: answer.statusCode,
      headers: typeof type === 'string' ? { 'content-type': type } : {},
    });
  };

/** The browser build's manifest (dist/.vite/manifest.json): each module's file, CSS and static imports. */
type Manifest = Record<string, { file: string; css?: string[]; imports?: string[] }>;

/** A `url()` relative to the stylesheet, which would resolve against the page's address once inlined. */
const relativeUrl = /url\(\s*['"]?(?!data:|\/|https?:)/i;

/**
 * A stylesheet of the build (`assets/….css`) for a rendered page's head: its CSS in a style element, so
 * the first paint waits for no request (decision 110). One that could end its element early (`</style`)
 * or has a relative `url()`, or is not on disk, stays a link.
 */
function stylesheet(dist: string, file: string): string {
  const link = `<link rel="stylesheet" crossorigin href="/portal/${file}">`;
  const path = join(dist, file);
  if (!existsSync(path)) return link;
  const css = readFileSync(path, 'utf8');
  return /<\/style/i.test(css) || relativeUrl.test(css) ? link : `<style data-href="/portal/${file}">${css}</style>`;
}

/** The template with each of its own stylesheet links (`/portal/assets/*.css`) as `stylesheet` gives it. */
export function inlineStylesheets(template: string, dist: string): string {
  return template.replace(
    /<link rel="stylesheet" crossorigin href="\/portal\/(assets\/[^"]+\.css)">/g,
    (_link, file: string) => stylesheet(dist, file),
  );
}

/**
 * The stylesheets of a lazily loaded page and what it imports, for the head: the server's HTML is styled
 * like the app's (a page's CSS module loads with its chunk). What index.html links is left out.
 */
export function pageStylesheets(manifest: Manifest, page: string, template: string, dist: string): string {
  const files = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(page);
  const fresh = (file: string) => !template.includes(`/portal/${file}"`);
  // Only the stylesheets: preloading the page's scripts from the HTML (before or after the page) cost
  // Lighthouse's first paint 0.5-1.9 s on every page (its model counts every request started before the
  // paint), more than the app's own preloading costs the phone (decision 110).
  return [...styles]
    .filter(fresh)
    .map((css) => stylesheet(dist, css))
    .join('');
}

/** The element the browser reads the rendered page's state from; the web's `firstScreenElementId`. */
const stateElementId = 'first-screen-state';
const rootElement = '<div id="root"></div>';
/**
 * The browser paints nothing of the page before the state element after it is parsed: with the styles
 * inline, a phone could otherwise paint the part of the page that arrived first, and the rest arriving
 * would move it (a centred frame growing, a layout shift).
 */
const wholePage = `<link rel="expect" href="#${stateElementId}" blocking="render">`;

/**
 * JSON that cannot end its script element or open a comment inside it: '<', '>' and '&' (and the two
 * line separators) are written as \u escapes, which JSON.parse reads back as the same characters.
 */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * Renders the first screen of the routes the web app renders on the server (the sign-in page, and the
 * signed-in pages with the document request's session) into the built index.html: the page's HTML in #root
 * and the state the browser hydrates from in a JSON data block, which is never run (the CSP still allows
 * only our files and hashed scripts). Null from `page` means the browser renders the page itself: no
 * server build, a route that is not rendered here, no valid session, or a failure (logged).
 */
export async function firstScreenRenderer(app: FastifyInstance, dist: string) {
  const entry = join(dist, 'server', 'entry-server.js');
  const indexFile = join(dist, 'index.html');
  if (!existsSync(entry) || !existsSync(indexFile)) return { page: async () => null };
  const template = readFileSync(indexFile, 'utf8');
  if (!template.includes(rootElement)) return { page: async () => null };
  const module = (await import(pathToFileURL(entry).href)) as FirstScreenModule;
  const manifestFile = join(dist, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest) : {};

  // The app's stylesheet goes inside the rendered page (decision 110): on a phone a render-blocking
  // stylesheet is a connection and two round trips more before the first paint. The plain index keeps
  // its link, which the browser caches.
  const styled = inlineStylesheets(template, dist);

  // A page's stylesheets depend only on the build: worked out once per page, not per request.
  const styles = new Map<string, string>();
  const stylesOf = (key: string) => {
    if (!styles.has(key)) styles.set(key, pageStylesheets(manifest, key, template, dist));
    return styles.get(key) as string;
  };

  const page = async (
    request: FastifyRequest,
    provider: Provider,
  ): Promise<{ html: string; personal: boolean } | null> => {
    let rendered: Awaited<ReturnType<FirstScreenModule['render']>>;
    try {
      rendered = await module.render({
        url: request.url,
        cookies: request.headers.cookie ?? '',
        locale: provider.locale,
        provider: provider.public,
        fetch: fetchThrough(app, request),
      });
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'first screen not rendered on the server');
      return null;
    }
    if (!rendered) return null;
    // React puts the page's <title> first, after any preload links it hoists (the logo's); it goes before
    // the index's, where React puts a page's title in the browser too (it takes it over on hydration and
    // removes it when the page goes; the index's stays). Left in the body, it would name the tab for good.
    const hoisted = /^((?:<link [^>]*>)*)(<title>[^<]*<\/title>)/.exec(rendered.html);
    const title = hoisted?.[2];
    const body = hoisted ? hoisted[1] + rendered.html.slice(hoisted[0].length) : rendered.html;
    const state = `<script type="application/json" id="${stateElementId}">${scriptSafeJson(rendered.state)}</script>`;
    const withTitle = title ? styled.replace(/<title>[^<]*<\/title>/, (index) => title + index) : styled;
    const html = withTitle
      .replace('</head>', () => `${stylesOf(rendered.page)}${wholePage}</head>`)
      .replace(rootElement, () => `<div id="root">${body}</div>${state}`);
    return { html, personal: rendered.personal };
  };
  return { page };
}
