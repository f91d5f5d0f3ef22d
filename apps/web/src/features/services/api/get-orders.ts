import * as calls from '@portal/contract/routes';
import type { CallInput } from '@portal/contract';
import { type orders } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { serviceKeys } from './keys.ts';

export type OrdersFilter = CallInput<typeof orders.getOrders>;

/** A page of the user's services: one account, a product group or code, a search, a sort. */
export const getOrders = (filter: OrdersFilter, signal?: AbortSignal) =>
  request(calls.orders.getOrders, filter, { signal });

export const ordersQueryOptions = (filter: OrdersFilter) =>
  queryOptions({
    queryKey: serviceKeys.list(filter),
    queryFn: ({ signal }) => getOrders(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useOrders = (filter: OrdersFilter) => useQuery(ordersQueryOptions(filter));
