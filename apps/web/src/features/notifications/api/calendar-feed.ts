import * as calls from '@portal/contract/routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { notificationKeys } from './keys.ts';

/** The caller's calendar feed: whether it is on, since when, last read (never its address). */
export const getCalendarFeed = (signal?: AbortSignal) => request(calls.notifications.getCalendarFeed, {}, { signal });

export const calendarFeedQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.calendarFeed(), queryFn: ({ signal }) => getCalendarFeed(signal) });

export const useCalendarFeed = () => useQuery(calendarFeedQueryOptions());

/** A new address (shown in this answer only); the old one stops working. */
export const renewCalendarFeed = () => request(calls.notifications.renewCalendarFeed, {});

/** Turns the feed off: its address answers 404 from now on. */
export const turnOffCalendarFeed = () => request(calls.notifications.turnOffCalendarFeed, {});

export const useRenewCalendarFeed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renewCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.calendarFeed() }),
  });
};

export const useTurnOffCalendarFeed = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffCalendarFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.calendarFeed() }),
  });
};
