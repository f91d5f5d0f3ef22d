import type { FastifyInstance } from 'fastify';

import { accounts } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { findCallerAccounts } from './accounts.repository.ts';

export async function accountsRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, accounts.getAccounts, ({ caller }) => findCallerAccounts(deps.db, caller.userId));
}
