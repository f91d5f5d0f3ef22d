import type { FastifyInstance } from 'fastify';

import { integration } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { createTokensService } from './tokens.service.ts';

/** Staff calls that manage integration tokens (level 3, checked by `route`). */
export async function integrationRoutes(app: FastifyInstance, deps: Deps) {
  const tokens = createTokensService(deps);
  route(app, deps, integration.createToken, ({ caller, input }) => tokens.create(caller, input));
  route(app, deps, integration.listTokens, () => tokens.list());
  route(app, deps, integration.revokeToken, ({ input }) => tokens.revoke(input.tokenId));
}
