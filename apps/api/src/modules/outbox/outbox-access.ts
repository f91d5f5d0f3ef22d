import type { FastifyRequest } from 'fastify';

import type { Deps } from '../../deps.ts';

const loopback = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Whether this process has an outbox at all: not in production, and only while no SMTP server is set. */
export const outboxExists = (deps: Pick<Deps, 'env' | 'mailer'>) =>
  deps.env.NODE_ENV !== 'production' && deps.mailer.usesOutbox;

/**
 * The outbox holds every reset and invitation link, and needs no sign-in: it opens only on a
 * development machine (not production, no SMTP) to a client on that machine. A request that came
 * through a proxy (it carries forwarding headers) is not local, whatever the socket says.
 */
export function outboxOpenTo(deps: Pick<Deps, 'env' | 'mailer'>, request: FastifyRequest): boolean {
  if (!outboxExists(deps)) return false;
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  return loopback.test(request.socket.remoteAddress ?? '');
}
