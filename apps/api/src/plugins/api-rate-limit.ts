import type { FastifyInstance, FastifyReply } from 'fastify';

import type { Deps } from '../deps.ts';
import { tooManyAttempts, TooManyAttempts, type Quota } from '../lib/rate-limiter.ts';

const rateLimitHeaders = (reply: FastifyReply, quota: Quota) => {
  reply.header('ratelimit-limit', quota.limit);
  reply.header('ratelimit-remaining', quota.remaining);
  reply.header('ratelimit-reset', quota.resetSeconds);
};

/**
 * A customer API token's own limit (API_TOKEN_RATE_LIMIT_PER_MINUTE per token and minute, decision
 * 129), counted by its secret's digest in the limiter's store: its RateLimit-* headers replace the
 * address's; past it, TOO_MANY_ATTEMPTS with Retry-After.
 */
export async function takeApiTokenQuota(deps: Deps, reply: FastifyReply, limitKey: string) {
  const quota = await deps.limiter.take(`api-token:${limitKey}`, {
    max: deps.env.API_TOKEN_RATE_LIMIT_PER_MINUTE,
    windowSeconds: 60,
  });
  rateLimitHeaders(reply, quota);
  if (!quota.allowed) throw tooManyAttempts(quota.resetSeconds);
}

const isApi = (url: string) => /^\/api(\/|\?|$)/.test(url);

/**
 * The general limit of the whole API: API_RATE_LIMIT_PER_MINUTE requests per client address and
 * minute, counted in the limiter's store (Redis when REDIS_URL is set, so every API process shares
 * it). Every /api answer says where the client stands (RateLimit-Limit, -Remaining, -Reset, in
 * seconds); past the limit it answers TOO_MANY_ATTEMPTS with Retry-After, as every 429 does.
 */
export function registerApiRateLimit(app: FastifyInstance, deps: Deps) {
  const limit = { max: deps.env.API_RATE_LIMIT_PER_MINUTE, windowSeconds: 60 };
  const answer = (reply: FastifyReply, quota: Quota, done: (error?: Error) => void) => {
    rateLimitHeaders(reply, quota);
    done(quota.allowed ? undefined : tooManyAttempts(quota.resetSeconds));
  };
  // With `done`, not async: it runs on every /api request, and with the memory store (no REDIS_URL)
  // the count is known at once, without a promise and a turn of the microtask queue.
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApi(request.url)) return done();
    const quota = deps.limiter.take(`api:${request.ip}`, limit);
    if (quota instanceof Promise) quota.then((q) => answer(reply, q, done), done);
    else answer(reply, quota, done);
  });
  // Runs before the error handler answers: the guessable-call limits get their Retry-After here too.
  app.addHook('onError', async (_request, reply, error) => {
    if (error instanceof TooManyAttempts) reply.header('retry-after', error.retryAfterSeconds);
  });
}
