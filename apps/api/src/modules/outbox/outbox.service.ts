import { outbox } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { toPage } from '../../lib/paging.ts';
import { findOutboxMessages } from './outbox.repository.ts';

/** A page of the local outbox's messages, newest first, optionally searched. */
export async function outboxPage(deps: Pick<Deps, 'db'>, input: { page: number; search?: string | undefined }) {
  const rows = await findOutboxMessages(deps.db, input.page, outbox.outboxPageSize, input.search);
  return toPage(rows, input.page, outbox.outboxPageSize);
}
