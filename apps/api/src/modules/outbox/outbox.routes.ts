import type { FastifyInstance } from 'fastify';

import { outbox } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { route } from '../../plugins/route.ts';
import { outboxOpenTo } from './outbox-access.ts';
import { outboxPage } from './outbox.service.ts';

/** The local outbox for whoever runs the portal without SMTP; anyone else gets NOT_FOUND (outbox-access.ts). */
export async function outboxRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, outbox.getOutbox, async ({ input, request, reply }) => {
    if (!outboxOpenTo(deps, request)) throw notFound();
    reply.header('cache-control', 'no-store');
    return outboxPage(deps, input);
  });
}
