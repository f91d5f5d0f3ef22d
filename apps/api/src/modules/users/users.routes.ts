import type { FastifyInstance } from 'fastify';

import { users } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { answer, route } from '../../plugins/route.ts';
import { createPasswordResetSender } from './password-reset.ts';
import { createUsersService } from './users.service.ts';

export async function usersRoutes(app: FastifyInstance, deps: Deps) {
  const service = createUsersService(deps);
  const passwordReset = createPasswordResetSender(deps);

  route(app, deps, users.getAuthenticatedUser, ({ caller }) => service.getAuthenticatedUser(caller));
  route(app, deps, users.getUsers, ({ caller, input }) => service.getUsers(caller, input));
  route(app, deps, users.getUser, ({ caller, input }) => service.getUser(caller, input.userId));
  route(app, deps, users.updateUser, ({ caller, input }) => service.updateUser(caller, input.userId, input.accounts));
  route(app, deps, users.deleteUser, ({ caller, input }) => service.deleteUser(caller, input.userId));
  route(app, deps, users.addExistingUser, async ({ caller, input }) =>
    answer(null, 'SUCCESS', await service.invite(caller, input)),
  );
  route(app, deps, users.addNewUser, async ({ caller, input }) =>
    answer(null, 'SUCCESS', await service.invite(caller, input)),
  );
  route(app, deps, users.getInvitations, ({ caller, input }) => service.getInvitations(caller, input));
  route(app, deps, users.cancelInvitation, ({ caller, input }) => service.cancelInvitation(caller, input.invitationId));
  route(app, deps, users.sendPasswordReset, async ({ caller, input, request }) => {
    await passwordReset(caller, input.email, request.ip);
    return null;
  });
}
