import type { FastifyInstance } from 'fastify';

import { productsBackup } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { endpointDetectionService } from './endpoint-detection.service.ts';

/** Endpoint detection service page calls: orders-ed/get-order-ed and get-ed-stats (spec services.md section 7). */
export async function endpointDetectionRoutes(app: FastifyInstance, deps: Deps) {
  const service = endpointDetectionService(deps);
  route(app, deps, productsBackup.getOrderEd, ({ input, caller }) => service.order(caller, input.baseOrderId));
  route(app, deps, productsBackup.getEdStats, ({ input, caller }) => service.stats(caller, input));
}
