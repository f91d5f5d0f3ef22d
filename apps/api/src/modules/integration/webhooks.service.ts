import { createHmac, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { delivered, portalLink } from '../../lib/mail.ts';
import { seal, unseal } from '../../lib/sealed.ts';
import { composeMessage, hello } from '../identity/mail-templates.ts';
import { eventsAfter } from '../events/events.service.ts';
import {
  disableWebhook,
  leaseDueWebhooks,
  markDelivered,
  markFailed,
  plainWebhookSecrets,
  releaseLease,
  renewLease,
  replacePlainSecret,
  type WebhookTarget,
} from './webhooks.repository.ts';

type DeliveryDeps = Pick<Deps, 'db' | 'clock' | 'env' | 'mailer' | 'outbound'>;

/** How long a delivery run holds a token before another may take it (renewed every third of it while it runs). */
export const defaultLeaseMs = 60_000;

/** Binds a sealed webhook secret to its token: copied into another token's row, it does not open. */
const secretAad = (tokenId: number) => `integration-token:${tokenId}:webhook-secret`;

export const sealWebhookSecret = (key: Buffer, tokenId: number, secret: string) =>
  seal(key, secret, secretAad(tokenId));

/**
 * Seals the webhook secrets stored plain before migration 117 (it needs CONNECTOR_KEY, which SQL does
 * not have); run at every start, it finds nothing once done. Answers how many it sealed.
 */
export async function sealPlainWebhookSecrets(db: Db, key: Buffer): Promise<number> {
  const rows = await plainWebhookSecrets(db);
  for (const row of rows)
    await replacePlainSecret(
      db,
      row.token_id,
      row.webhook_secret,
      sealWebhookSecret(key, row.token_id, row.webhook_secret),
    );
  return rows.length;
}

/** Seconds before retry n (1, 2, ...): 5 s doubling, at most an hour. */
export const retryDelaySeconds = (attempt: number) => Math.min(3600, 5 * 2 ** (attempt - 1));

/** The Standard Webhooks signature: base64 HMAC-SHA256 over `id.timestamp.body`, keyed by the whsec_ secret. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export type Send = (url: string, init: RequestInit) => Promise<{ ok: boolean; status: number }>;

/** A delivery run's hold on one token; `lost` once another run has taken the token over. */
interface Lease {
  owner: string;
  lost: boolean;
}

/** Sends the target's next events in order; stops at the first failure, which is retried with backoff. */
async function deliverTo(deps: DeliveryDeps, target: WebhookTarget, send: Send, lease: Lease): Promise<number> {
  let sent = 0;
  for (const event of await eventsAfter(deps.db, target.webhook_cursor, 50)) {
    if (lease.lost) return sent;
    const id = `evt_${event.id}`;
    const timestamp = Math.floor(deps.clock.now() / 1000);
    const body = JSON.stringify({ type: event.type, timestamp: event.occurred_at, data: event });
    let error: string | null = null;
    try {
      const response = await send(target.webhook_url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(target.webhook_secret, id, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(10_000),
        redirect: 'manual',
      });
      if (!response.ok) error = `HTTP ${response.status}`;
    } catch (failure) {
      error = failure instanceof Error ? failure.message : 'request failed';
    }
    if (error) {
      await recordFailure(deps, target, lease.owner, error);
      return sent;
    }
    // Not recorded: the lease was lost meanwhile, and the run that holds it now goes on from the cursor.
    if (!(await markDelivered(deps.db, target.token_id, lease.owner, event.id, deps.clock.now()))) return sent;
    target.webhook_attempts = 0;
    target.failing_since_ms = null;
    sent += 1;
  }
  return sent;
}

const hoursText = (hours: number) =>
  hours % 24 === 0 ? `${hours / 24} ${hours === 24 ? 'day' : 'days'}` : `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/**
 * Records a failed attempt; an endpoint that has failed for longer than WEBHOOK_DISABLE_AFTER_HOURS is
 * disabled, with the reason on the staff page and a message to the staff user who created the token.
 */
async function recordFailure(deps: DeliveryDeps, target: WebhookTarget, owner: string, error: string) {
  const now = deps.clock.now();
  const attempts = target.webhook_attempts + 1;
  await markFailed(deps.db, target.token_id, owner, {
    attempts,
    nextMs: now + retryDelaySeconds(attempts) * 1000,
    error,
    nowMs: now,
  });
  const since = target.failing_since_ms ?? now;
  const hours = deps.env.WEBHOOK_DISABLE_AFTER_HOURS;
  if (now - since <= hours * 3_600_000) return;
  const reason = `Every delivery failed for more than ${hoursText(hours)} (since ${new Date(since).toISOString()}). The last error: ${error}`;
  const creator = await disableWebhook(deps.db, target.token_id, owner, now, reason);
  if (!creator?.email_nm) return;
  const to = creator.email_nm;
  await delivered(() =>
    deps.mailer.send(
      composeMessage({
        to,
        kind: 'webhook-disabled',
        subject: `Webhook of the integration token "${creator.name}" disabled`,
        greeting: hello(creator.first_nm),
        lines: [
          `The portal has stopped delivering events to ${target.webhook_url}, the webhook of the integration token "${creator.name}".`,
          reason,
          'Events are kept: once the endpoint answers again, re-enable the webhook on the Provider Integration page and delivery resumes from the last event it acknowledged.',
        ],
        action: { label: 'Open Provider Integration', url: portalLink(deps.env, 'admin/integration') },
      }),
    ),
  );
}

/** Holds a leased token for `run`, renewing the lease every third of its time, and gives it back after. */
async function underLease<T>(
  deps: DeliveryDeps,
  tokenId: number,
  owner: string,
  leaseMs: number,
  run: (lease: Lease) => Promise<T>,
): Promise<T> {
  const lease: Lease = { owner, lost: false };
  const renew = () =>
    renewLease(deps.db, tokenId, owner, deps.clock.now() + leaseMs).then(
      (held) => void (lease.lost ||= !held),
      // The database is unreachable: the lease runs on until its end, and so does the run.
      () => {},
    );
  const timer = setInterval(() => void renew(), leaseMs / 3);
  try {
    return await run(lease);
  } finally {
    clearInterval(timer);
    await releaseLease(deps.db, tokenId, owner);
  }
}

/** The target with its secret opened; the error text (`notOpened`) when it does not open with this process's key. */
function opened(deps: DeliveryDeps, target: WebhookTarget): WebhookTarget | string {
  try {
    return {
      ...target,
      webhook_secret: unseal(deps.env.CONNECTOR_KEY, target.webhook_secret, secretAad(target.token_id)),
    };
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Leases the due tokens (one owner per round: two rounds of one process exclude each other like two
 * processes do) and starts their deliveries side by side, so a slow endpoint holds back only its own
 * events. Answers each delivery, resolving to how many events it had acknowledged.
 */
async function startRound(deps: DeliveryDeps, send: Send, leaseMs: number): Promise<Promise<number>[]> {
  const owner = `${hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;
  const targets = await leaseDueWebhooks(deps.db, owner, deps.clock.now(), deps.clock.now() + leaseMs);
  return targets.map((target) =>
    underLease(deps, target.token_id, owner, leaseMs, async (lease) => {
      const open = opened(deps, target);
      if (typeof open === 'string') {
        await recordFailure(deps, target, owner, open);
        return 0;
      }
      return deliverTo(deps, open, send, lease);
    }),
  );
}

/**
 * One round of webhook delivery for every due token, each under a lease of its own (decision 117);
 * returns how many events were acknowledged.
 */
export async function deliverWebhooks(
  deps: DeliveryDeps,
  send: Send = deps.outbound.fetch,
  options: { leaseMs?: number } = {},
): Promise<number> {
  const counts = await Promise.all(await startRound(deps, send, options.leaseMs ?? defaultLeaseMs));
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * Each API process's delivery loop: every `intervalMs` it leases what is due (one lease query at a time)
 * and starts those deliveries, while earlier ones may still be under way.
 */
export function startWebhookDelivery(
  deps: DeliveryDeps,
  options: { intervalMs: number; leaseMs?: number; send?: Send },
) {
  const running = new Set<Promise<unknown>>();
  let ticking: Promise<void> | null = null;
  const tick = () => {
    if (ticking) return;
    ticking = startRound(deps, options.send ?? deps.outbound.fetch, options.leaseMs ?? defaultLeaseMs)
      .then((deliveries) => {
        for (const delivery of deliveries) {
          const job: Promise<unknown> = delivery.catch(() => {}).finally(() => running.delete(job));
          running.add(job);
        }
      })
      .catch(() => {})
      .finally(() => {
        ticking = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    /** Starts no more rounds and waits for the deliveries under way. */
    async stop() {
      clearInterval(timer);
      await ticking;
      await Promise.allSettled([...running]);
    },
  };
}
