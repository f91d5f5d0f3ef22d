import type { FastifyInstance } from 'fastify';

import { outbox } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { toPage } from '../../lib/paging.ts';
import { route } from '../../plugins/route.ts';
import { findOutboxMessages } from './outbox.repository.ts';

/**
 * The local outbox for whoever runs the portal without SMTP. It needs no sign-in, so it exists only
 * in the embedded default: with SMTP configured, or in production (NODE_ENV=production, where
 * reset links must never be readable by anyone), the call answers NOT_FOUND.
 */
export async function outboxRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, outbox.getOutbox, async ({ input, reply }) => {
    if (!deps.mailer.usesOutbox || deps.env.NODE_ENV === 'production') throw notFound();
    reply.header('cache-control', 'no-store');
    const rows = await findOutboxMessages(deps.db, input.page, outbox.outboxPageSize, input.search);
    return toPage(rows, input.page, outbox.outboxPageSize);
  });
}
