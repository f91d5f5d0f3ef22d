import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { serviceKeys } from './keys.ts';

/** One of the user's orders with its account and components. */
export const getOrder = (baseOrderId: number, signal?: AbortSignal) =>
  request(calls.orders.getOrder, { baseOrderId }, { signal });

export const orderQueryOptions = (baseOrderId: number) =>
  queryOptions({ queryKey: serviceKeys.detail(baseOrderId), queryFn: ({ signal }) => getOrder(baseOrderId, signal) });

export const useOrder = (baseOrderId: number) => useQuery(orderQueryOptions(baseOrderId));
