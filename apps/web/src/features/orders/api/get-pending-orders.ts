import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { orderKeys } from './keys.ts';

/** The newest pending orders of the user's accounts. */
export const getPendingOrders = (count: number, signal?: AbortSignal) =>
  request(calls.orders.getPendingOrders, { count }, { signal });

export const pendingOrdersQueryOptions = (count: number) =>
  queryOptions({ queryKey: orderKeys.pending(count), queryFn: ({ signal }) => getPendingOrders(count, signal) });

export const usePendingOrders = (count: number) => useQuery(pendingOrdersQueryOptions(count));
