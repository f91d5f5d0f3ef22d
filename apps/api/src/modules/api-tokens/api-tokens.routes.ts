import type { FastifyInstance } from 'fastify';

import { apiTokens } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createApiTokensService } from './api-tokens.service.ts';

/** The customer's API tokens: administrators manage their accounts' tokens, staff any company's. */
export async function apiTokensRoutes(app: FastifyInstance, deps: Deps) {
  const tokens = createApiTokensService(deps);
  route(app, deps, apiTokens.createToken, ({ caller, input }) => tokens.create(caller, input));
  route(app, deps, apiTokens.getTokens, ({ caller, input }) => tokens.list(caller, input.account_id));
  route(app, deps, apiTokens.revokeToken, ({ caller, input }) => tokens.revoke(caller, input.id));
}
