import type { FastifyInstance } from 'fastify';

import { health } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { healthService } from './health.service.ts';

export async function healthRoutes(app: FastifyInstance, deps: Deps) {
  const service = healthService(deps);
  app.addHook('preClose', async () => service.markClosing());
  route(app, deps, health.health, () => service.database());
  route(app, deps, health.live, async () => service.live());
  route(app, deps, health.ready, () => service.ready());
}
