import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { pinKeys } from './keys.ts';

/** Uses a reset link: the answer holds the new PIN, shown this once. */
export const resetPin = (resetKey: string, accountId: number) =>
  request(calls.pins.resetPin, { reset_key: resetKey, account_id: accountId });

/**
 * A query rather than a mutation so the link is spent exactly once per page view: the cache
 * shares the one request between double renders, and nothing ever fetches it again.
 */
export const resetPinQueryOptions = (resetKey: string, accountId: number) =>
  queryOptions({
    queryKey: pinKeys.reset(resetKey, accountId),
    queryFn: () => resetPin(resetKey, accountId),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

export const useResetPin = (resetKey: string, accountId: number) => useQuery(resetPinQueryOptions(resetKey, accountId));
