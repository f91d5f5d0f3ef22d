import type { FastifyInstance } from 'fastify';

import { productsBackup } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { vmBackupService } from './vm-backup.service.ts';

/** Virtual machine backup service page calls: orders-cv/get-order-cv and get-cv-stats (spec services.md section 7). */
export async function vmBackupRoutes(app: FastifyInstance, deps: Deps) {
  const service = vmBackupService(deps);
  route(app, deps, productsBackup.getOrderCv, ({ input, caller }) => service.order(caller, input.baseOrderId));
  route(app, deps, productsBackup.getCvStats, ({ input, caller }) => service.stats(caller, input));
}
