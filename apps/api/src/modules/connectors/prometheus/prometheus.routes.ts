import type { FastifyInstance } from 'fastify';

import { connectors as contract } from '@portal/contract';

import type { Deps } from '../../../deps.ts';
import { route } from '../../../plugins/route.ts';
import { authenticateIntegration, requireScope } from '../../token-auth/token-auth.service.ts';
import { listSourcesOf, removeSourceOf, saveFromStaff } from './prometheus.service.ts';

/**
 * Prometheus-compatible sources (issue 13, decision 101): staff manage them (the level that manages
 * integration tokens, checked by `route`); the provider's tooling lists them with a metrics token.
 * Neither listing ever carries a token or password.
 */
export async function prometheusRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, contract.listSources, () => listSourcesOf(deps));
  route(app, deps, contract.saveSource, ({ input }) => saveFromStaff(deps, input));
  route(app, deps, contract.removeSource, async ({ input }) => {
    await removeSourceOf(deps, input.source_key);
    return null;
  });

  await app.register(async (v1) => {
    // The integration token and its scope are checked before anything else of the call runs.
    v1.addHook('preHandler', async (request) => {
      requireScope(await authenticateIntegration(deps, request.headers.authorization), 'metrics');
    });
    route(v1, deps, contract.listIntegrationSources, () => listSourcesOf(deps));
  });
}
