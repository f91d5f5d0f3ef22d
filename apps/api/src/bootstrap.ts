import { join } from 'node:path';

import { Redis } from 'ioredis';

import type { Env } from './config/env.ts';
import { openPglite, openPostgres, type Db } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { isEmpty, seed } from './seed/index.ts';
import type { Deps } from './deps.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createMailer } from './lib/mail.ts';
import { createOutbound, type Resolve } from './lib/outbound.ts';
import { fallbackStore } from './lib/fallback-store.ts';
import { fallbackInFlight, memoryInFlight, redisInFlight } from './lib/in-flight.ts';
import { createLimiter, memoryStore, redisStore } from './lib/rate-limiter.ts';
import { createTokens } from './lib/tokens.ts';
import { sealPlainWebhookSecrets } from './modules/integration/webhooks.service.ts';
import { createProviderProfiles } from './modules/provider/profiles.ts';

export async function openDatabase(env: Env): Promise<Db> {
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL) : openPglite(join(env.DATA_DIR, 'pglite'));
}

/** Opens the database (migrated, seeded when empty) and builds everything the routes need. */
export async function createDeps(
  env: Env,
  options: { db?: Db; clock?: Clock; log?: (msg: string) => void; resolve?: Resolve } = {},
): Promise<Deps & { redis?: Redis }> {
  const log = options.log ?? (() => {});
  const db = options.db ?? (await openDatabase(env));
  const ran = await migrate(db);
  if (ran.length) log(`applied migrations: ${ran.join(', ')}`);
  // Webhook secrets stored plain before migration 117 are sealed with this process's CONNECTOR_KEY.
  const sealed = await sealPlainWebhookSecrets(db, env.CONNECTOR_KEY);
  if (sealed) log(`sealed ${sealed} webhook secrets with CONNECTOR_KEY`);
  if (env.SEED_ON_EMPTY && (await isEmpty(db))) {
    const started = Date.now();
    await seed(db, {});
    log(`seeded the demo data in ${Date.now() - started} ms`);
  }
  const clock = options.clock ?? systemClock;
  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, {
        // Fail a command at once while Redis is down (the fallback counts in memory) and keep reconnecting.
        maxRetriesPerRequest: 0,
        enableOfflineQueue: false,
        connectTimeout: 2000,
        retryStrategy: (times) => Math.min(times * 200, 2000),
        lazyConnect: false,
      })
    : undefined;
  redis?.on('error', () => {});
  // Start on the shared counters when Redis is there; without it the process still starts (fallback).
  if (redis) {
    await new Promise<void>((ready) => {
      redis.once('ready', () => ready());
      setTimeout(ready, 2000).unref();
    });
  }
  const store = redis
    ? fallbackStore(redisStore(redis), memoryStore(clock), {
        warn: (msg) => console.warn(msg),
        info: (msg) => console.log(msg),
      })
    : memoryStore(clock);
  const limiter = createLimiter(store, {
    address: { max: env.ATTEMPTS_PER_ADDRESS, windowSeconds: env.ATTEMPT_WINDOW_SECONDS },
    failures: { max: env.LOGIN_FAILURES_PER_EMAIL, windowSeconds: env.LOGIN_FAILURE_WINDOW_SECONDS },
  });
  const provider = createProviderProfiles(env, db, clock);
  return {
    env,
    db,
    clock,
    provider,
    limiter,
    inFlight: redis ? fallbackInFlight(redisInFlight(redis), memoryInFlight()) : memoryInFlight(),
    tokens: createTokens(env.JWT_SECRET, env.TOKEN_TTL_SECONDS),
    mailer: createMailer(env, db, provider),
    outbound: createOutbound(env.OUTBOUND_ALLOW, options.resolve),
    ...(redis ? { redis } : {}),
  };
}
