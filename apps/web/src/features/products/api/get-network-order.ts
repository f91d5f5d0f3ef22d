import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

/** A network order with its monitored interfaces. */
export const getNetworkOrder = (baseOrderId: number, signal?: AbortSignal) =>
  request(calls.products.getNetworkOrder, { baseOrderId }, { signal });

export const useNetworkOrder = (baseOrderId: number) =>
  useQuery(
    queryOptions({
      queryKey: productKeys.order('network', baseOrderId),
      queryFn: ({ signal }) => getNetworkOrder(baseOrderId, signal),
    }),
  );
