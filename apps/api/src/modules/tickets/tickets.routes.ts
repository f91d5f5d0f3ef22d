import type { FastifyInstance } from 'fastify';

import { tickets } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { limitOffset, toPage } from '../../lib/paging.ts';
import { requireAccount } from '../../lib/scope.ts';
import { route } from '../../plugins/route.ts';
import { findTickets, findTicketsRequestingResponse } from './tickets.repository.ts';

export async function ticketsRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, tickets.getTickets, async ({ input, caller }) => {
    if (input.accountId) await requireAccount(deps.db, caller, input.accountId);
    const rows = await findTickets(deps.db, {
      userId: caller.userId,
      accountId: input.accountId,
      search: input.search_ticket_id,
      sortColumn: input.sort_column,
      sortOrder: input.sort_order,
      ...limitOffset(input.page, input.perPage),
    });
    return toPage(rows, input.page, input.perPage);
  });
  route(app, deps, tickets.getTicketsRequestingResponse, ({ caller }) =>
    findTicketsRequestingResponse(deps.db, caller.userId),
  );
}
