/** Query keys of the notifications area (one factory per area, so invalidation is by prefix). */
export const notificationKeys = {
  all: ['notifications'] as const,
  outages: () => [...notificationKeys.all, 'outages'] as const,
  activeCounts: () => [...notificationKeys.all, 'active-counts'] as const,
  list: (filter: object) => [...notificationKeys.all, 'list', filter] as const,
  detail: (notificationId: number) => [...notificationKeys.all, 'detail', notificationId] as const,
  calendarFeed: () => [...notificationKeys.all, 'calendar-feed'] as const,
};
