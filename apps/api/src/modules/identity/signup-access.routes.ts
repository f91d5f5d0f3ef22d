import type { FastifyInstance } from 'fastify';

import { signupAccess } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { answer, route } from '../../plugins/route.ts';
import { signupAccessService } from './signup-access.service.ts';

export async function signupAccessRoutes(app: FastifyInstance, deps: Deps) {
  const service = signupAccessService(deps);
  route(app, deps, signupAccess.getSignupAccess, ({ input, request }) => service.get(input.key, request.ip));
  route(app, deps, signupAccess.revokeSignupAccess, async ({ input, request }) => {
    const { data, message } = await service.revoke(input.key, request.ip);
    return answer(data, 'SUCCESS', message);
  });
  route(app, deps, signupAccess.getSignupAccessGrants, ({ input }) => service.list(input.page, input.search));
}
