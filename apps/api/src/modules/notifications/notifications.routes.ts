import type { FastifyInstance } from 'fastify';

import { notifications } from '@portal/contract';

import type { Deps } from '../../deps.ts';
import { route } from '../../plugins/route.ts';
import { calendarService } from './calendar.service.ts';
import { notificationsService } from './notifications.service.ts';

export async function notificationsRoutes(app: FastifyInstance, deps: Deps) {
  const service = notificationsService(deps);
  const calendar = calendarService(deps);
  route(app, deps, notifications.getOutages, () => service.outages());
  route(app, deps, notifications.getActiveNotificationsCount, ({ caller }) => service.activeCount(caller));
  route(app, deps, notifications.getCmcNotifications, ({ input, caller }) => service.list(caller, input));
  route(app, deps, notifications.getCmcNotification, ({ input, caller }) => service.one(caller, input.notificationId));
  route(app, deps, notifications.getCalendarFeed, ({ caller }) => calendar.state(caller));
  route(app, deps, notifications.renewCalendarFeed, ({ caller }) => calendar.renew(caller));
  route(app, deps, notifications.turnOffCalendarFeed, ({ caller }) => calendar.turnOff(caller));
  route(app, deps, notifications.getCalendar, ({ input, reply }) => calendar.sendFeed(input.feed, reply));
  route(app, deps, notifications.downloadCalendarEvent, ({ input, caller, reply }) =>
    calendar.sendEvent(caller, input.notificationId, reply),
  );
}
