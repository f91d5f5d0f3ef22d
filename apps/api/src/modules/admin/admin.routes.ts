import type { FastifyInstance } from 'fastify';

import { admin } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createAdminService } from './admin.service.ts';

/** Staff calls: each contract names the minimum uss_admin_level, which the route checks on the server. */
export async function adminRoutes(app: FastifyInstance, deps: Deps) {
  const service = createAdminService(deps);
  route(app, deps, admin.findAccounts, ({ caller, input }) =>
    service.findAccounts(caller, {
      page: input.page,
      sort: input.sort,
      order: input.order,
      search: input.search,
      searchUser: input.search_user,
    }),
  );
  route(app, deps, admin.addAccount, ({ caller, input }) =>
    service.setOwnAccess(caller, input.accountId, input.accessLevel),
  );
  route(app, deps, admin.clearAccounts, ({ caller }) => service.clearAccounts(caller));
  route(app, deps, admin.getUser, ({ input }) => service.getUser(input.userId));
  route(app, deps, admin.getUserAccounts, ({ caller, input }) => service.loadUserAccounts(caller, input.userId));
  route(app, deps, admin.getUserByEmail, ({ input }) => service.getUserByEmail(input.email));
  route(app, deps, admin.getTokenAsUser, ({ caller, input }) =>
    service.getTokenAsUser(caller, input.userId, input.reason),
  );
  route(app, deps, admin.signOutUser, ({ input }) => service.signOutUser(input.userId));
  route(app, deps, admin.getLoginAsUserAudit, ({ input }) => service.getLoginAsUserAudit(input));
}
