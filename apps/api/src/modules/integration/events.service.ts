import type { CallData, integration } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { eventsAfter } from './events.repository.ts';

/** A page of events after the cursor; the cursor is the last event id read (unchanged on an empty page). */
export async function readEvents(
  deps: Pick<Deps, 'db'>,
  after: number,
  limit: number,
): Promise<CallData<typeof integration.getEvents>> {
  const events = (await eventsAfter(deps.db, after, limit)) as CallData<typeof integration.getEvents>['events'];
  return { events, next_cursor: events.at(-1)?.id ?? after };
}
