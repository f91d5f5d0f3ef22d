import type { FastifyInstance } from 'fastify';

import { productsEb } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { endpointBackupService } from './endpoint-backup.service.ts';

/** Endpoint backup page calls (spec services.md section 7, orders-eb/). */
export async function endpointBackupRoutes(app: FastifyInstance, deps: Deps) {
  const service = endpointBackupService(deps);
  route(app, deps, productsEb.getOrderEb, ({ input, caller }) => service.order(caller, input.baseOrderId));
  route(app, deps, productsEb.getEbStats, ({ input, caller }) => service.stats(caller, input));
  route(app, deps, productsEb.getEbAgentClients, ({ input, caller }) => service.agentClients(caller, input));
  route(app, deps, productsEb.getEbImageMachines, ({ input, caller }) => service.imageMachines(caller, input));
  route(app, deps, productsEb.getEbAgentClient, ({ input, caller }) => service.agentClient(caller, input));
  route(app, deps, productsEb.getEbAgentClientStats, ({ input, caller }) => service.agentClientStats(caller, input));
  route(app, deps, productsEb.getEbImageMachine, ({ input, caller }) => service.imageMachine(caller, input));
  route(app, deps, productsEb.getEbImageMachineStats, ({ input, caller }) => service.imageMachineStats(caller, input));
}
