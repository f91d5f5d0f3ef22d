import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { notificationKeys } from './keys.ts';

/** Counts of upcoming and recent maintenance notifications on the user's accounts. */
export const getActiveNotificationCounts = (signal?: AbortSignal) =>
  request(calls.notifications.getActiveNotificationsCount, {}, { signal });

export const activeNotificationCountsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.activeCounts(),
    queryFn: ({ signal }) => getActiveNotificationCounts(signal),
  });

export const useActiveNotificationCounts = () => useQuery(activeNotificationCountsQueryOptions());
