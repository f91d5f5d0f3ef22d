import type { FastifyInstance } from 'fastify';

import { contact } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { answer, route } from '../../plugins/route.ts';
import { contactService } from './contact.service.ts';

export async function contactRoutes(app: FastifyInstance, deps: Deps) {
  const service = contactService(deps);
  route(app, deps, contact.getTeam, ({ input, caller }) => service.team(caller, input.accountId));
  route(app, deps, contact.inquire, async ({ input, caller, request }) =>
    answer(await service.inquire(caller, input, request.ip), 'SUCCESS', contact.inquirySent),
  );
}
