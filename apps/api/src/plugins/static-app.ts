import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built app under /portal/: hashed assets with immutable caching and their
 * build-time brotli/gzip copies; every other /portal path falls back to index.html.
 */
export async function registerStaticApp(app: FastifyInstance, dist: string) {
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
      setHeaders(reply) {
        reply.header('cache-control', 'no-cache');
      },
    });
  }
  const sendIndex = hasBuild
    ? (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html', dist)
    : (reply: FastifyReply) =>
        reply
          .header('cache-control', 'no-cache')
          .type('text/plain')
          .send('The web app is not built. Run `npm run build` first.');
  app.get('/', (_request, reply) => reply.redirect('/portal/'));
  // The app's root is a client route too (the static files have no directory index).
  app.get('/portal/', (_request, reply) => sendIndex(reply));
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
