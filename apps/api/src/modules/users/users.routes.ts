import type { FastifyInstance } from 'fastify';

import { users } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { route } from '../../plugins/route.ts';
import { findAuthenticatedUser } from './users.repository.ts';

export async function usersRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, users.getAuthenticatedUser, async ({ caller }) => {
    const user = await findAuthenticatedUser(deps.db, caller.userId);
    if (!user) throw notFound();
    return user;
  });
}
