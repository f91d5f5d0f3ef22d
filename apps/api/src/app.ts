import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';

import type { Deps } from './deps.ts';
import { apiModules } from './modules/index.ts';
import { outboxOpenTo } from './modules/outbox/outbox-access.ts';
import { registerApiRateLimit } from './plugins/api-rate-limit.ts';
import { registerDocs } from './plugins/docs.ts';
import { lazyChildLogger } from './plugins/request-logger.ts';
import { errorServerOptions, registerErrorHandler } from './plugins/error-handler.ts';
import { fixedHeaderList, FixedHeadersResponse } from './plugins/fixed-headers.ts';
import { inlineScriptSources, registerStaticApp } from './plugins/static-app.ts';

const defaultDist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface AppOptions {
  logger?: boolean;
  /** Where the log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
}

/** Builds the whole HTTP app from its plugins; server.ts only listens and shuts down. */
export async function buildApp(deps: Deps, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: deps.env.LOG_LEVEL,
            redact: ['req.headers.authorization'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // Answers that write helmet's fixed headers without setHeader (plugins/fixed-headers.ts).
    http: { ServerResponse: FixedHeadersResponse },
    // request.log becomes pino's child (with the request id) only when a line is written through it.
    ...(options.logger === false ? {} : { childLoggerFactory: lazyChildLogger }),
    trustProxy: deps.env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    ...errorServerOptions,
  });
  // A POST without a payload may still say application/json (the spec's no-payload calls): read it as {}.
  const parseJson = app.getDefaultJsonParser('error', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, {});
    parseJson(request, text, done);
  });
  // Hooks that never wait are written with `done`: an async hook costs a promise and a turn of the
  // microtask queue on every request, for nothing.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    // Personal data and tokens never sit in a shared cache, whatever the answer (errors and downloads too).
    if (/^\/api(?:[/?]|$)/.test(request.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // Security headers on every answer. Helmet's middleware is built once here: @fastify/helmet built it
  // anew (options parsed, CSP string assembled) on every request, a sixth of a light call's CPU time.
  // With these options its headers are the same on every request, so they are worked out once too
  // (fixedHeaders) and set from one list, names spelt as helmet spells them (the bytes are the same).
  const recaptcha = deps.env.CAPTCHA_PROVIDER === 'recaptcha';
  const dist = webDist(deps.env);
  const securityHeaders = fixedHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // reCAPTCHA (CAPTCHA_PROVIDER=recaptcha) needs Google's script and frame; the default captcha is ours.
          scriptSrc: [
            "'self'",
            ...inlineScriptSources(dist),
            ...(recaptcha ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : []),
          ],
          ...(recaptcha
            ? { frameSrc: ["'self'", 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'] }
            : {}),
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  const securityList = fixedHeaderList(securityHeaders);
  // Requests in flight, for a graceful shutdown (below). Counted in the first hook, which never fails:
  // counted in a hook of its own after the rate limit, a refused request (429) was never counted but
  // still uncounted when answered, and the count went below zero.
  let inFlight = 0;
  app.addHook('onRequest', (request, reply, done) => {
    inFlight += 1;
    // The app's hashed scripts and styles are never documents: a policy or frame rule on them does
    // nothing, and on a phone their kilobyte of headers cost as much as a small chunk's code.
    if (request.url.startsWith('/portal/assets/')) {
      reply.header('x-content-type-options', 'nosniff').header('cross-origin-resource-policy', 'same-origin');
      return done();
    }
    if (reply.raw instanceof FixedHeadersResponse) reply.raw.useFixedHeaders(securityList);
    else for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value); // app.inject's answers
    done();
  });
  registerErrorHandler(app);
  registerApiRateLimit(app, deps);
  await registerDocs(app, deps);

  await app.register(
    async (api) => {
      for (const register of apiModules) await register(api, deps);
    },
    { prefix: '/api' },
  );

  const web = await registerStaticApp(app, dist, deps.provider);
  app.setNotFoundHandler((request, reply) => {
    // Client-side routes fall back to the app's index; a missing asset is a plain 404, never HTML.
    const outboxPage = request.url.startsWith('/portal/dev/outbox');
    if (
      request.url.startsWith('/portal') &&
      request.method === 'GET' &&
      !request.url.startsWith('/portal/assets/') &&
      (!outboxPage || outboxOpenTo(deps, request))
    ) {
      return web.sendIndex(request, reply);
    }
    return reply.status(404).send({ data: null, code: 'NOT_FOUND', message: 'There is no such call.' });
  });

  // Graceful shutdown: requests still running when close() begins finish before the database closes.
  app.addHook('onResponse', (_request, _reply, done) => {
    inFlight -= 1;
    done();
  });
  app.addHook('onClose', async () => {
    for (let waited = 0; inFlight > 0 && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    await deps.db.close();
  });
  return app;
}

/**
 * The headers a Connect-style middleware sets, in its order and spelling, found by running it once
 * against a response that only notes them. Only for a middleware whose headers do not depend on the
 * request (helmet without a per-request CSP nonce) and that finishes at once. A header it removes
 * (helmet's X-Powered-By) is one Node never sets, so there is nothing to remove on the real answer.
 */
export function fixedHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): [string, string][] {
  const headers = new Map<string, [string, string]>();
  const res = {
    setHeader(name: string, value: string | number) {
      headers.set(name.toLowerCase(), [name, String(value)]);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let finished = false;
  middleware({ headers: {} } as IncomingMessage, res as unknown as ServerResponse, (error) => {
    if (error) throw error as Error;
    finished = true;
  });
  if (!finished) throw new Error('fixedHeaders: the middleware did not finish at once');
  return [...headers.values()];
}

export const webDist = (env: Deps['env']) => (env.WEB_DIST ? resolve(env.WEB_DIST) : defaultDist);
export const dataPath = (env: Deps['env'], ...parts: string[]) => join(env.DATA_DIR, ...parts);
