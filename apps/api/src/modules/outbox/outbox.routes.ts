import type { FastifyInstance } from 'fastify';

import { outbox } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { toPage } from '../../lib/paging.ts';
import { route } from '../../plugins/route.ts';
import { outboxOpenTo } from './outbox-access.ts';
import { findOutboxMessages } from './outbox.repository.ts';

/** The local outbox for whoever runs the portal without SMTP; anyone else gets NOT_FOUND (outbox-access.ts). */
export async function outboxRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, outbox.getOutbox, async ({ input, request, reply }) => {
    if (!outboxOpenTo(deps, request)) throw notFound();
    reply.header('cache-control', 'no-store');
    const rows = await findOutboxMessages(deps.db, input.page, outbox.outboxPageSize, input.search);
    return toPage(rows, input.page, outbox.outboxPageSize);
  });
}
