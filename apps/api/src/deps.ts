import type { Db } from './db/client.ts';
import type { Env } from './config/env.ts';
import type { Clock } from './lib/clock.ts';
import type { InFlight } from './lib/in-flight.ts';
import type { Mailer } from './lib/mail.ts';
import type { Outbound } from './lib/outbound.ts';
import type { Limiter } from './lib/rate-limiter.ts';
import type { Tokens } from './lib/tokens.ts';
import type { ProviderProfiles } from './modules/provider/profiles.ts';

/** What route plugins and services are built from; tests build their own. */
export interface Deps {
  env: Env;
  db: Db;
  clock: Clock;
  limiter: Limiter;
  /** Work in flight per key (an integration token's batches): in Redis when REDIS_URL is set. */
  inFlight: InFlight;
  tokens: Tokens;
  mailer: Mailer;
  /** Requests made on someone's behalf (sources, webhooks, SNMP devices) go through its rule (decision 113). */
  outbound: Outbound;
  /** The provider profile in force (decision 123): every page, mail and PDF names the provider from it. */
  provider: ProviderProfiles;
}
