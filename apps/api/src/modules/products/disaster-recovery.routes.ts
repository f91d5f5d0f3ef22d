import type { FastifyInstance } from 'fastify';

import { productsDs } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { disasterRecoveryService } from './disaster-recovery.service.ts';

/** Disaster recovery page calls (spec services.md section 7, orders-ds/). */
export async function disasterRecoveryRoutes(app: FastifyInstance, deps: Deps) {
  const service = disasterRecoveryService(deps);
  route(app, deps, productsDs.getOrderDs, ({ input, caller }) => service.order(caller, input.baseOrderId));
  route(app, deps, productsDs.getDsStats, ({ input, caller }) => service.stats(caller, input));
  route(app, deps, productsDs.getVms, ({ input, caller }) => service.vms(caller, input));
  route(app, deps, productsDs.downloadVms, ({ input, caller, reply }) => service.vmsCsv(caller, input, reply));
  route(app, deps, productsDs.getVpg, ({ input, caller }) => service.vpg(caller, input.vpgId));
  route(app, deps, productsDs.getVpgStats, ({ input, caller }) => service.vpgStats(caller, input));
  route(app, deps, productsDs.getVm, ({ input, caller }) => service.vm(caller, input.vmId));
  route(app, deps, productsDs.getVmStats, ({ input, caller }) => service.vmStats(caller, input));
}
