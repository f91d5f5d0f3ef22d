import type { FastifyInstance } from 'fastify';

import { profile } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createProfileService } from './profile.service.ts';

export async function profileRoutes(app: FastifyInstance, deps: Deps) {
  const service = createProfileService(deps);
  route(app, deps, profile.getProfile, ({ caller }) => service.get(caller));
  route(app, deps, profile.updateProfile, ({ caller, input }) => service.update(caller, input));
  route(app, deps, profile.updatePassword, ({ caller, input }) => service.updatePassword(caller, input));
  route(app, deps, profile.getTwoFactorSecret, ({ caller }) => service.newTwoFactorSecret(caller));
  route(app, deps, profile.activateTwoFactor, ({ caller, input }) => service.activateTwoFactor(caller, input));
  route(app, deps, profile.disableTwoFactor, ({ caller, input }) => service.disableTwoFactor(caller, input));
  route(app, deps, profile.createRecoveryCodes, ({ caller, input }) => service.createRecoveryCodes(caller, input));
}
