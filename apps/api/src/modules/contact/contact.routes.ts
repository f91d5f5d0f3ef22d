import type { FastifyInstance } from 'fastify';

import { contact } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { requireAccount } from '../../lib/scope.ts';
import { answer, route } from '../../plugins/route.ts';
import { findTeam } from './contact.repository.ts';
import { contactService } from './contact.service.ts';

export async function contactRoutes(app: FastifyInstance, deps: Deps) {
  const service = contactService(deps);
  route(app, deps, contact.getTeam, async ({ input, caller }) => {
    await requireAccount(deps.db, caller, input.accountId);
    return findTeam(deps.db, input.accountId);
  });
  route(app, deps, contact.inquire, async ({ input, caller, request }) =>
    answer(await service.inquire(caller, input, request.ip), 'SUCCESS', contact.inquirySent),
  );
}
