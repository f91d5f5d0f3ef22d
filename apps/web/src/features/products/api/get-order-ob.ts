import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

/** An object storage order with its latest size, bucket count, limit and rate. */
export const getOrderOb = (baseOrderId: number, signal?: AbortSignal) =>
  request(calls.products.getOrderOb, { baseOrderId }, { signal });

export const useOrderOb = (baseOrderId: number) =>
  useQuery(
    queryOptions({
      queryKey: productKeys.order('ob', baseOrderId),
      queryFn: ({ signal }) => getOrderOb(baseOrderId, signal),
    }),
  );
