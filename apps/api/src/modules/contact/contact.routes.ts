import type { FastifyInstance } from 'fastify';

import { contact } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { requireAccount } from '../../lib/scope.ts';
import { route } from '../../plugins/route.ts';
import { findTeam } from './contact.repository.ts';

export async function contactRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, contact.getTeam, async ({ input, caller }) => {
    await requireAccount(deps.db, caller, input.accountId);
    return findTeam(deps.db, input.accountId);
  });
}
