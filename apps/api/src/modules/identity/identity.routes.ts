import type { FastifyInstance } from 'fastify';

import { identity } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createPasswordResetService } from './password-reset.service.ts';

export async function identityRoutes(app: FastifyInstance, deps: Deps) {
  const resets = createPasswordResetService(deps);
  route(app, deps, identity.forgotPassword, ({ input, request }) => resets.forgotPassword(input.email, request.ip));
  route(app, deps, identity.resetPassword, ({ input, request }) => resets.resetPassword(input, request.ip));
}
