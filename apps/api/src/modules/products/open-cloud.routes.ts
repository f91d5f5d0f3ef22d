import type { FastifyInstance } from 'fastify';

import { productsCloud } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { openCloudService } from './open-cloud.service.ts';

/** Open cloud service page calls: orders-oc/get-order-oc and get-oc-stats (spec services.md section 7). */
export async function openCloudRoutes(app: FastifyInstance, deps: Deps) {
  const service = openCloudService(deps);
  route(app, deps, productsCloud.getOrderOc, ({ input, caller }) => service.order(caller, input.baseOrderId));
  route(app, deps, productsCloud.getOcStats, ({ input, caller }) => service.stats(caller, input));
}
