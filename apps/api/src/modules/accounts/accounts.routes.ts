import type { FastifyInstance } from 'fastify';

import { accounts } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createAccountsService } from './accounts.service.ts';

export async function accountsRoutes(app: FastifyInstance, deps: Deps) {
  const service = createAccountsService(deps);
  route(app, deps, accounts.getAccounts, ({ caller }) => service.list(caller));
  route(app, deps, accounts.addAccount, ({ caller, input, request }) =>
    service.addAccount(caller, input.account_number, input.invoice_number, request.ip),
  );
  route(app, deps, accounts.removeAccounts, ({ caller, input }) => service.removeAccounts(caller, input.accounts));
  route(app, deps, accounts.updateAccounts, ({ caller, input }) => service.updateAccounts(caller, input.accounts));
}
