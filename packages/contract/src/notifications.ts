import { z } from 'zod';

import { defineCall } from './call.ts';
import { paged, pageParam } from './envelope.ts';
import { id, optionalId, searchText } from './fields.ts';
import { validationMessages as m } from './messages.ts';

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

/** Upcoming: the window starts in the future. Recent: it started within the last 30 days. */
export const maintenanceWindows = ['upcoming', 'recent'] as const;
export type MaintenanceWindow = (typeof maintenanceWindows)[number];

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
  auth: { access: 'user', scope: 'notifications:read' },
});

/** The maintenance or outage notice a notification e-mail carried (times as epoch seconds). */
export const cmcContactBatch = z.object({
  kind: z.enum(['maintenance', 'outage']),
  subject: z.string(),
  date: z.number().int(),
  service_affecting: z.boolean(),
  description_of_work: z.string(),
  scheduled_event: z.string().nullable(),
  area: z.string().nullable(),
  ticket_number: z.string(),
  duration_of_interruption: z.string().nullable(),
  window_start_time: z.number().int(),
  window_end_time: z.number().int(),
  circuits_affected: z.string().nullable(),
  /** The provider called the work off (its calendar event is STATUS:CANCELLED). */
  cancelled: z.boolean(),
});

/** One notification e-mail sent to one account. `created` is epoch seconds; the readable forms are UTC. */
export const notification = z.object({
  cmc_contact_email_id: z.number().int(),
  account_id: z.number().int(),
  account_number: z.string(),
  created: z.number().int(),
  /** MM.DD.YYYY */
  created_readable: z.string(),
  /** e.g. '3 days ago', 'in 2 hours' */
  created_diff_humans: z.string(),
  circuit_ids: z.string().nullable(),
  cmc_contact_batch: cmcContactBatch,
});
export type Notification = z.infer<typeof notification>;

export const getCmcNotifications = defineCall({
  id: 'notifications.getCmcNotifications',
  summary:
    "A page of the caller's maintenance and outage notifications, newest first; optionally of one account or matching a subject, ticket number or circuit.",
  tag: 'notifications',
  methods: ['POST'],
  path: '/notifications/get-cmc-notifications',
  input: z.object({
    page: pageParam,
    accountId: optionalId,
    search: searchText,
    /** Only maintenance whose window is upcoming or recent, as getActiveCmcNotificationsCount counts it. */
    window: z.enum(maintenanceWindows, { error: m.type }).optional(),
  }),
  data: paged(notification),
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'notifications:read' },
});

export const getCmcNotification = defineCall({
  id: 'notifications.getCmcNotification',
  summary: "One notification sent to one of the caller's accounts.",
  tag: 'notifications',
  methods: ['POST'],
  path: '/notifications/get-cmc-notification',
  input: z.object({ notificationId: id }),
  data: notification,
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'notifications:read' },
});

/**
 * The caller's private calendar feed (decision 138): an ICS address whose secret the portal keeps only
 * as a hash, so the address itself is in the answer of renewCalendarFeed only.
 */
export const calendarFeedState = z.object({
  /** Epoch seconds the current address was made; null when the feed is off. */
  created_at: z.number().int().nullable(),
  /** Epoch seconds a calendar last read the feed. */
  last_read_at: z.number().int().nullable(),
});

const calendarUserCodes = ['SUCCESS', 'INVALID_TOKEN', 'EXPIRED_TOKEN'] as const;

export const getCalendarFeed = defineCall({
  id: 'notifications.getCalendarFeed',
  summary:
    "Whether the caller's maintenance calendar feed is on, since when and when it was last read (never its address).",
  tag: 'notifications',
  methods: ['GET'],
  path: '/notifications/calendar-feed',
  input: z.object({}),
  data: calendarFeedState,
  codes: calendarUserCodes,
  auth: { access: 'user' },
});

export const renewCalendarFeed = defineCall({
  id: 'notifications.renewCalendarFeed',
  summary:
    "Turns the caller's maintenance calendar feed on with a new private address; the old address, if any, stops working at once. The address is in this answer only.",
  tag: 'notifications',
  methods: ['POST'],
  path: '/notifications/calendar-feed',
  input: z.object({}),
  data: calendarFeedState.extend({ url: z.url() }),
  codes: calendarUserCodes,
  auth: { access: 'user' },
});

export const turnOffCalendarFeed = defineCall({
  id: 'notifications.turnOffCalendarFeed',
  summary: "Turns the caller's maintenance calendar feed off: its address answers 404 from now on.",
  tag: 'notifications',
  methods: ['DELETE'],
  path: '/notifications/calendar-feed',
  input: z.object({}),
  data: z.null(),
  codes: calendarUserCodes,
  auth: { access: 'user' },
});

/** The feed's secret: the part of the address after /api/calendar/ and before .ics. */
export const calendarSecretPrefix = 'pcf_';

export const getCalendar = defineCall({
  id: 'notifications.getCalendar',
  summary:
    "The maintenance and outage notices of a user's accounts as an iCalendar feed (RFC 5545), for calendar apps: public by its private address only; an unknown or revoked one answers 404.",
  tag: 'notifications',
  methods: ['GET'],
  path: '/calendar/:feed.ics',
  input: z.object({
    feed: z
      .string({ error: m.required })
      .trim()
      .min(1, m.required)
      .max(200, m.maxlength)
      .regex(/^[\w-]+$/, m.type),
  }),
  data: null,
  binary: 'text/calendar',
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND'],
  auth: { access: 'public' },
});

export const downloadCalendarEvent = defineCall({
  id: 'notifications.downloadCalendarEvent',
  summary: 'One notification as a calendar event (an .ics file), to add to a calendar.',
  tag: 'notifications',
  methods: ['POST'],
  path: '/notifications/download-calendar-event',
  input: z.object({ notificationId: id }),
  data: null,
  binary: 'text/calendar',
  codes: ['SUCCESS', 'VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_TOKEN', 'EXPIRED_TOKEN'],
  auth: { access: 'user', scope: 'notifications:read' },
});

/** The file name of one notification's event. */
export const calendarEventFileName = (ticketNumber: string) => `notification-${ticketNumber}.ics`;
