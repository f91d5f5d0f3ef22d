import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

/** A usage-based order with its billed components. */
export const getUsageOrder = (baseOrderId: number, signal?: AbortSignal) =>
  request(calls.products.getUsageOrder, { baseOrderId }, { signal });

export const useUsageOrder = (baseOrderId: number) =>
  useQuery(
    queryOptions({
      queryKey: productKeys.order('usage-based', baseOrderId),
      queryFn: ({ signal }) => getUsageOrder(baseOrderId, signal),
    }),
  );
