import type { FastifyInstance } from 'fastify';

import type { Deps } from '../deps.ts';
import { tooManyAttempts, TooManyAttempts } from '../lib/rate-limiter.ts';

const isApi = (url: string) => /^\/api(\/|\?|$)/.test(url);

/**
 * The general limit of the whole API: API_RATE_LIMIT_PER_MINUTE requests per client address and
 * minute, counted in the limiter's store (Redis when REDIS_URL is set, so every API process shares
 * it). Every /api answer says where the client stands (RateLimit-Limit, -Remaining, -Reset, in
 * seconds); past the limit it answers TOO_MANY_ATTEMPTS with Retry-After, as every 429 does.
 */
export function registerApiRateLimit(app: FastifyInstance, deps: Deps) {
  const limit = { max: deps.env.API_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 };
  app.addHook('onRequest', async (request, reply) => {
    if (!isApi(request.url)) return;
    const quota = await deps.limiter.take(`api:${request.ip}`, limit);
    reply.header('ratelimit-limit', quota.limit);
    reply.header('ratelimit-remaining', quota.remaining);
    reply.header('ratelimit-reset', quota.resetSeconds);
    if (!quota.allowed) throw tooManyAttempts(quota.resetSeconds);
  });
  // Runs before the error handler answers: the guessable-call limits get their Retry-After here too.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyAttempts) reply.header('retry-after', error.retryAfterSeconds);
  });
}
