import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { Provider, ProviderProfiles } from '../modules/provider/profiles.ts';
import { brandDocument } from './brand-document.ts';
import { firstScreenRenderer } from './first-screen.ts';

const brotli = promisify(brotliCompress);

/**
 * The cookie each document states the portal's locale in (the provider profile's, decision 123, else
 * PORTAL_LOCALE, decision 120): the app formats
 * its dates and numbers with it, as the server renders the first screen with it. The web's `localeCookie`.
 */
const localeCookie = 'portalLocale';

/**
 * Serves the built app under /portal/: hashed assets with immutable caching and their
 * build-time brotli/gzip copies; every other /portal path falls back to index.html, with the first
 * screen rendered in it where the web app renders that route on the server (decision 108), and the
 * provider's name, colour and favicon in it (decision 123).
 */
export async function registerStaticApp(app: FastifyInstance, dist: string, provider: ProviderProfiles) {
  const hasBuild = existsSync(join(dist, 'index.html'));
  if (hasBuild) {
    // Hashed assets: a new build gives them new names and a browser keeps them a year without asking
    // again, so a validator (ETag, Last-Modified) or Accept-Ranges on them is never used, only sent:
    // some 100 bytes on each of the twenty scripts of a first page (decision 105).
    await app.register(fastifyStatic, {
      root: join(dist, 'assets'),
      prefix: '/portal/assets/',
      preCompressed: true,
      index: false,
      etag: false,
      lastModified: false,
      acceptRanges: false,
      cacheControl: false,
      decorateReply: false,
      setHeaders(reply) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // The rest (index.html, also through reply.sendFile, the icon...) is revalidated: it keeps its validators.
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/portal/',
      preCompressed: true,
      index: false,
      // The server-rendering module (dist/server) is the API's code, not the browser's.
      allowedPath: (path) => !/^\/server(?:\/|$)/.test(path),
      setHeaders(reply) {
        reply.header('cache-control', 'no-cache');
      },
    });
  }
  const firstScreen = hasBuild ? await firstScreenRenderer(app, dist) : null;
  const template = hasBuild ? readFileSync(join(dist, 'index.html'), 'utf8') : '';
  // The plain index under the profile in force, made and compressed once per profile.
  // Its validator names the build and the profile, so a browser revalidates it to a 304 until either changes.
  const build = createHash('sha256').update(template).digest('base64url').slice(0, 16);
  let plain: { version: string; html: string; br: Buffer; etag: string } | null = null;
  const plainIndex = async (current: Provider) => {
    if (plain?.version !== current.version) {
      const html = brandDocument(template, current.public);
      const br = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      plain = { version: current.version, html, br, etag: `"${build}-${current.version}"` };
    }
    return plain;
  };
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const current = await provider.current();
    // Read by the app's script (not HttpOnly); a session cookie, stated anew by every document.
    const localeSetting = `${localeCookie}=${encodeURIComponent(current.locale)}; Path=/; SameSite=Strict`;
    reply.header('cache-control', 'no-cache').header('set-cookie', localeSetting);
    if (!firstScreen) {
      return reply.type('text/plain').send('The web app is not built. Run `npm run build` first.');
    }
    const rendered = await firstScreen.page(request, current);
    const brotliAccepted = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
    reply.type('text/html; charset=utf-8');
    if (rendered === null) {
      const index = await plainIndex(current);
      reply.header('vary', 'accept-encoding').header('etag', index.etag);
      if (request.headers['if-none-match'] === index.etag) return reply.code(304).send();
      return brotliAccepted ? reply.header('content-encoding', 'br').send(index.br) : reply.send(index.html);
    }
    const page = { ...rendered, html: brandDocument(rendered.html, current.public) };
    // A signed-in page is this user's, rendered by their cookie: never stored, by the browser or on the way.
    if (page.personal) reply.header('cache-control', 'no-store').header('vary', 'accept-encoding, cookie');
    else reply.header('vary', 'accept-encoding');
    // Rendered per request, so compressed per request (a fast brotli level: ~17 kB of HTML to ~4 kB).
    if (!brotliAccepted) return reply.send(page.html);
    // On zlib's thread pool, not the event loop that serves every other request meanwhile.
    const compressed = await brotli(page.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    return reply.header('content-encoding', 'br').send(compressed);
  };
  // A form of a server-rendered page sent before the app took it over (the sign-in form, method="post")
  // posts to the page: its body is never read, and the browser is sent back to the page.
  await app.register(async (scope) => {
    scope.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], (_request, _body, done) =>
      done(null, null),
    );
    scope.post('/portal/*', (request, reply) => reply.redirect(request.url, 303));
  });
  app.get('/', (_request, reply) => reply.redirect('/portal/'));
  // The app's root is a client route too (the static files have no directory index).
  app.get('/portal/', sendIndex);
  return { sendIndex };
}

/**
 * The content-security-policy sources of the inline scripts of the built index.html ('sha256-…'): the
 * colour scheme is set by a script in the page itself, so the first paint waits for no extra file.
 */
export function inlineScriptSources(dist: string): string[] {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return [];
  const html = readFileSync(index, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`,
  );
}
