import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { notificationKeys } from './keys.ts';

/** One notification with its maintenance or outage details. */
export const getCmcNotification = (notificationId: number, signal?: AbortSignal) =>
  request(calls.notifications.getCmcNotification, { notificationId }, { signal });

export const cmcNotificationQueryOptions = (notificationId: number) =>
  queryOptions({
    queryKey: notificationKeys.detail(notificationId),
    queryFn: ({ signal }) => getCmcNotification(notificationId, signal),
  });

export const useCmcNotification = (notificationId: number) => useQuery(cmcNotificationQueryOptions(notificationId));
