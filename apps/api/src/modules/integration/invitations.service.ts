import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

import type { InvitationRun } from '@portal/contract';
import pLimit from 'p-limit';

import type { Deps } from '../../deps.ts';
import { delivered } from '../../lib/mail.ts';
import type { MailDeps } from '../identity/password-reset.service.ts';
import { sendSetPasswordInvitation } from '../identity/verification.service.ts';
import { findRun, finishQueued, leaseQueued, queueLoadedUsers, releaseQueued } from './invitations.repository.ts';

/**
 * The staff action that follows a users feed loaded without invitations (decisions 124, 131). The call
 * queues every loaded user who never signed in, in one transaction, and answers at once; the worker mails
 * them. Users whose link still works or who are queued already are left out, so pressing it twice, or in
 * two processes at once, mails no one twice.
 */
export function loadedUserInvitations(deps: Pick<Deps, 'db' | 'clock'>) {
  return {
    async request(staffUserId: number): Promise<{ invited: number; run: InvitationRun | null }> {
      const { runId, queued } = await deps.db.tx((db) => queueLoadedUsers(db, staffUserId, deps.clock.now()));
      return { invited: queued, run: queued ? ((await findRun(deps.db, runId)) ?? null) : null };
    },
    /** The latest run and its progress, for the staff page. */
    latest: async (): Promise<InvitationRun | null> => (await findRun(deps.db, null)) ?? null,
  };
}

export interface InvitationWorkerOptions {
  /** How often the worker looks for queued users; 0: only when `drain()` is called (tests). */
  tickMs: number;
  /** Users leased at once. */
  batch?: number;
  /** Mails sent at once (each waits on the mail server). */
  concurrency?: number;
  /** How long a lease holds; a user is not mailed in its last `leaseMarginMs`. */
  leaseMs?: number;
  /** Names the worker in leases; unique per process. */
  owner?: string;
  log?: (line: string) => void;
}

export interface InvitationWorker {
  readonly owner: string;
  /** Mails queued users until none is left that another worker does not hold; answers how many it handled. */
  drain(): Promise<number>;
  /** Stops looking for work, lets the mails under way finish, gives back its leases. */
  stop(): Promise<void>;
}

/** A lease is not used this close to its end: a user is never mailed once another worker may have taken it. */
const leaseMarginMs = 30_000;

/**
 * The worker of "Invite loaded users" (decision 131), in-process or `npm run worker`, like the SNMP poller:
 * it leases queued users in PostgreSQL (SKIP LOCKED), mails each the set-password invitation a few at a time,
 * and records each sent or failed under its lease only.
 */
export function createInvitationWorker(deps: MailDeps, options: InvitationWorkerOptions): InvitationWorker {
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const log = options.log ?? (() => {});
  const batch = options.batch ?? 20;
  const leaseMs = options.leaseMs ?? 120_000;
  const limit = pLimit(options.concurrency ?? 4);
  let stopped = false;
  let draining: Promise<number> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function mail(row: { run_id: number; user_id: number }, leaseUntilMs: number): Promise<boolean> {
    if (stopped || deps.clock.now() > leaseUntilMs - leaseMarginMs) return false;
    const sent = await delivered(() => sendSetPasswordInvitation(deps, row.user_id));
    await finishQueued(deps.db, owner, row, sent ? 'sent' : 'failed', deps.clock.now());
    return true;
  }

  async function drainOnce(): Promise<number> {
    let handled = 0;
    while (!stopped) {
      const now = deps.clock.now();
      const leaseUntilMs = now + leaseMs;
      const rows = await leaseQueued(deps.db, owner, now, leaseUntilMs, batch);
      if (rows.length === 0) break;
      const outcomes = await Promise.allSettled(rows.map((row) => limit(() => mail(row, leaseUntilMs))));
      let done = 0;
      for (const outcome of outcomes) {
        if (outcome.status === 'fulfilled') done += outcome.value ? 1 : 0;
        else log(`invite loaded users: ${(outcome.reason as Error).message}`);
      }
      // Users it did not get to (stopping, lease near its end, an error) go back to the queue.
      await releaseQueued(deps.db, owner);
      handled += done;
      // Nothing could be done (the database fails): try again at the next tick, not at once.
      if (done === 0) break;
    }
    return handled;
  }

  const drain = () => {
    draining ??= drainOnce().finally(() => (draining = null));
    return draining;
  };

  if (options.tickMs > 0) {
    const tick = () => void drain().catch((e: unknown) => log(`invite loaded users: ${(e as Error).message}`));
    timer = setInterval(tick, options.tickMs);
    timer.unref();
    tick();
  }

  return {
    owner,
    drain,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await draining?.catch(() => {});
      await releaseQueued(deps.db, owner).catch(() => {});
    },
  };
}
