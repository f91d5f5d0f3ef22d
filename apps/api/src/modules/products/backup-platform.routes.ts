import type { FastifyInstance } from 'fastify';

import { productsCloud } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { backupPlatformService } from './backup-platform.service.ts';

/** Backup platform service page calls: orders-ch/get-order-ch and get-ch-stats (spec services.md section 7). */
export async function backupPlatformRoutes(app: FastifyInstance, deps: Deps) {
  const service = backupPlatformService(deps);
  route(app, deps, productsCloud.getOrderCh, ({ input, caller }) => service.order(caller, input.baseOrderId));
  route(app, deps, productsCloud.getChStats, ({ input, caller }) => service.stats(caller, input));
}
