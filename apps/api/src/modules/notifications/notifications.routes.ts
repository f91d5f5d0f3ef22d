import type { FastifyInstance } from 'fastify';

import { notifications } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { notificationsService } from './notifications.service.ts';

export async function notificationsRoutes(app: FastifyInstance, deps: Deps) {
  const service = notificationsService(deps);
  route(app, deps, notifications.getOutages, () => service.outages());
  route(app, deps, notifications.getActiveNotificationsCount, ({ caller }) => service.activeCount(caller));
  route(app, deps, notifications.getCmcNotifications, ({ input, caller }) => service.list(caller, input));
  route(app, deps, notifications.getCmcNotification, ({ input, caller }) => service.one(caller, input.notificationId));
}
