import type { FastifyInstance } from 'fastify';

import { productsBs } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { backupServiceService } from './backup-service.service.ts';

/** Backup as a service page calls (spec services.md section 7, orders-bs/). */
export async function backupServiceRoutes(app: FastifyInstance, deps: Deps) {
  const service = backupServiceService(deps);
  route(app, deps, productsBs.getOrderBs, ({ input, caller }) => service.order(caller, input.baseOrderId));
  route(app, deps, productsBs.getBsStorageStats, ({ input, caller }) => service.storageStats(caller, input));
  route(app, deps, productsBs.getBsManagedBackups, ({ input, caller }) => service.managedBackups(caller, input));
  route(app, deps, productsBs.getBsManagedBackup, ({ input, caller }) => service.managedBackup(caller, input));
  route(app, deps, productsBs.getBsResourceBackups, ({ input, caller }) => service.resourceBackups(caller, input));
}
