import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { FastifyBaseLogger } from 'fastify';

/**
 * What the server reads in-process for a first screen, through the same code as the API call that the
 * page would make (the web's `FirstScreenSource`, src/entry-server.tsx).
 */
export interface FirstScreenSource {
  outages(): Promise<readonly { outage_id: number; message: string }[]>;
}

/** The web build's server module (dist/server/entry-server.js, decision 108). */
interface FirstScreenModule {
  render(url: string, source: FirstScreenSource): Promise<{ html: string; state: unknown } | null>;
}

/** The element the browser reads the rendered page's state from; the web's `firstScreenElementId`. */
const stateElementId = 'first-screen-state';
const rootElement = '<div id="root"></div>';

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
 * Renders the first screen of the routes the web app renders on the server (the sign-in page with its
 * outage banners) into the built index.html: the page's HTML in #root and the state the browser hydrates
 * from in a JSON data block, which is never run (the CSP still allows only our files and hashed scripts).
 * Null from `page` means the browser renders the page itself: no server build, a route that is not
 * rendered here, or a failure (logged).
 */
export async function firstScreenRenderer(dist: string, source: FirstScreenSource, log: FastifyBaseLogger) {
  const entry = join(dist, 'server', 'entry-server.js');
  const indexFile = join(dist, 'index.html');
  if (!existsSync(entry) || !existsSync(indexFile)) return { page: async () => null };
  const template = readFileSync(indexFile, 'utf8');
  if (!template.includes(rootElement)) return { page: async () => null };
  const module = (await import(pathToFileURL(entry).href)) as FirstScreenModule;

  const page = async (url: string): Promise<string | null> => {
    let rendered: Awaited<ReturnType<FirstScreenModule['render']>>;
    try {
      rendered = await module.render(url, source);
    } catch (error) {
      log.error({ err: error, url }, 'first screen not rendered on the server');
      return null;
    }
    if (!rendered) return null;
    // React puts the page's <title> first; it replaces the index's, where the browser reads it.
    const title = /^<title>[^<]*<\/title>/.exec(rendered.html)?.[0];
    const body = title ? rendered.html.slice(title.length) : rendered.html;
    const state = `<script type="application/json" id="${stateElementId}">${scriptSafeJson(rendered.state)}</script>`;
    const withTitle = title ? template.replace(/<title>[^<]*<\/title>/, () => title) : template;
    return withTitle.replace(rootElement, () => `<div id="root">${body}</div>${state}`);
  };
  return { page };
}
