import type { FastifyInstance } from 'fastify';

import { auth } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createAuthService, endSessions } from './auth.service.ts';

export async function authRoutes(app: FastifyInstance, deps: Deps) {
  const service = createAuthService(deps);
  route(app, deps, auth.confirmUserPassword, ({ input, request }) =>
    service.confirmUserPassword(input.email, input.password, request.ip),
  );
  route(app, deps, auth.getToken, ({ input, request }) =>
    service.getToken(input.email, input.password, input, request.ip),
  );
  route(app, deps, auth.signOutEverywhere, async ({ caller }) => {
    await endSessions(deps.db, caller.userId);
    return null;
  });
}
