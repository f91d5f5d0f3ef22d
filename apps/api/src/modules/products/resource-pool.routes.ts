import type { FastifyInstance } from 'fastify';

import { productsRp } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { resourcePoolService } from './resource-pool.service.ts';

/** Resource pool product page calls (spec services.md section 7, resource-pools/). */
export async function resourcePoolRoutes(app: FastifyInstance, deps: Deps) {
  const service = resourcePoolService(deps);
  route(app, deps, productsRp.getResourcePoolOrder, ({ input, caller }) => service.order(caller, input.baseOrderId));
  route(app, deps, productsRp.getResourcePoolStats, ({ input, caller }) => service.stats(caller, input));
  route(app, deps, productsRp.getResourcePoolVms, ({ input, caller }) => service.vms(caller, input));
  route(app, deps, productsRp.downloadResourcePoolVms, ({ input, caller, reply }) =>
    service.vmsCsv(caller, input, reply),
  );
}
