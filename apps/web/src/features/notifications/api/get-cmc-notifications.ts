import * as calls from '@portal/contract/routes';
import type { CallInput } from '@portal/contract';
import { type notifications } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { notificationKeys } from './keys.ts';

export type NotificationsFilter = CallInput<typeof notifications.getCmcNotifications>;

/** A page of maintenance and outage notifications (10 a page), of one account, matching a search. */
export const getCmcNotifications = (filter: NotificationsFilter, signal?: AbortSignal) =>
  request(calls.notifications.getCmcNotifications, filter, { signal });

export const cmcNotificationsQueryOptions = (filter: NotificationsFilter) =>
  queryOptions({
    queryKey: notificationKeys.list(filter),
    queryFn: ({ signal }) => getCmcNotifications(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useCmcNotifications = (filter: NotificationsFilter) => useQuery(cmcNotificationsQueryOptions(filter));
