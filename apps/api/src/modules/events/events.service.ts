import type { CallData, integration } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import * as repo from './events.repository.ts';

export type { EventRow, EventType } from './events.repository.ts';

/**
 * Records an event inside the caller's transaction (`db` must be a transaction handle), for the
 * integration's event feed and webhooks. The order's number and account, and the user's email, are
 * added from their ids, so call sites stay one line.
 */
export const recordEvent: typeof repo.recordEvent = (db, event) => repo.recordEvent(db, event);

/** The events after an event id, oldest first, at most `limit` (what webhooks deliver). */
export const eventsAfter: typeof repo.eventsAfter = (db, after, limit) => repo.eventsAfter(db, after, limit);

/** A page of events after the cursor; the cursor is the last event id read (unchanged on an empty page). */
export async function readEvents(
  deps: Pick<Deps, 'db'>,
  after: number,
  limit: number,
): Promise<CallData<typeof integration.getEvents>> {
  const events = (await repo.eventsAfter(deps.db, after, limit)) as CallData<typeof integration.getEvents>['events'];
  return { events, next_cursor: events.at(-1)?.id ?? after };
}
