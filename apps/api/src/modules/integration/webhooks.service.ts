import { createHmac } from 'node:crypto';

import type { Deps } from '../../deps.ts';
import { eventsAfter } from './events.repository.ts';
import {
  leaseDueWebhooks,
  markDelivered,
  markFailed,
  releaseLease,
  type WebhookTarget,
} from './webhooks.repository.ts';

/** Seconds before retry n (1, 2, ...): 5 s doubling, at most an hour. */
export const retryDelaySeconds = (attempt: number) => Math.min(3600, 5 * 2 ** (attempt - 1));

/** The Standard Webhooks signature: base64 HMAC-SHA256 over `id.timestamp.body`, keyed by the whsec_ secret. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export type Send = (url: string, init: RequestInit) => Promise<{ ok: boolean; status: number }>;

/** Sends the target's next events in order; stops at the first failure, which is retried with backoff. */
async function deliverTo(deps: Pick<Deps, 'db' | 'clock'>, target: WebhookTarget, send: Send): Promise<number> {
  let sent = 0;
  for (const event of await eventsAfter(deps.db, target.webhook_cursor, 50)) {
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
      const attempts = target.webhook_attempts + 1;
      await markFailed(
        deps.db,
        target.token_id,
        attempts,
        deps.clock.now() + retryDelaySeconds(attempts) * 1000,
        error,
      );
      return sent;
    }
    await markDelivered(deps.db, target.token_id, event.id, deps.clock.now());
    target.webhook_attempts = 0;
    sent += 1;
  }
  await releaseLease(deps.db, target.token_id);
  return sent;
}

/** One round of webhook delivery for every due token; returns how many events were acknowledged. */
export async function deliverWebhooks(
  deps: Pick<Deps, 'db' | 'clock' | 'outbound'>,
  // Through the outbound rule (decision 113): the address connected to is checked.
  send: Send = deps.outbound.fetch,
): Promise<number> {
  let sent = 0;
  for (const target of await leaseDueWebhooks(deps.db, deps.clock.now())) sent += await deliverTo(deps, target, send);
  return sent;
}
