import { z } from 'zod';

import { defineCall } from './call.ts';

export const outage = z.object({ outage_id: z.number().int(), message: z.string() });

export const getOutages = defineCall({
  id: 'notifications.getOutages',
  summary: 'Current outage notices (shown on the login page and the dashboard).',
  tag: 'notifications',
  methods: ['POST', 'GET'],
  path: '/notifications/get-outages',
  input: z.object({}),
  data: z.array(outage),
  codes: ['SUCCESS'],
  auth: { access: 'public' },
});

export const notificationCounts = z.object({ upcomingCount: z.number().int(), recentCount: z.number().int() });

export const getActiveNotificationsCount = defineCall({
  id: 'notifications.getActiveCmcNotificationsCount',
  summary: "Counts of upcoming and recent (last 30 days) maintenance notifications on the caller's accounts.",
  tag: 'notifications',
  methods: ['POST'],
  path: '/notifications/get-active-cmc-notifications-count',
  input: z.object({}),
  data: notificationCounts,
  codes: ['SUCCESS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user' },
});
