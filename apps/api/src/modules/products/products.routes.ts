import type { FastifyInstance } from 'fastify';

import { metrics, products } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { productsService } from './products.service.ts';

/** Per-product service pages: usage-based, object storage, network (spec services.md section 7). */
export async function productsRoutes(app: FastifyInstance, deps: Deps) {
  const service = productsService(deps);
  route(app, deps, products.getUsageOrder, ({ input, caller }) => service.usageOrder(caller, input.baseOrderId));
  route(app, deps, products.getUsageStats, ({ input, caller }) => service.usageStats(caller, input));
  route(app, deps, products.getOrderOb, ({ input, caller }) => service.obOrder(caller, input.baseOrderId));
  route(app, deps, products.getObStats, ({ input, caller }) => service.obStats(caller, input));
  route(app, deps, products.getBuckets, ({ input, caller }) => service.buckets(caller, input));
  route(app, deps, products.getNetworkOrder, ({ input, caller }) => service.networkOrder(caller, input.baseOrderId));
  route(app, deps, products.getNetworkStats, ({ input, caller }) => service.networkStats(caller, input));
  route(app, deps, metrics.getNetworkSummary, ({ input, caller }) => service.networkSummary(caller, input));
  route(app, deps, products.downloadNetworkStats, ({ input, caller, reply }) =>
    service.networkCsv(caller, input, reply),
  );
}
