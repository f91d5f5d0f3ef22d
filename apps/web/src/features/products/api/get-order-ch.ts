import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

/** A backup platform order: which parts apply, latest usage, rates and charges. */
export const getOrderCh = (baseOrderId: number, signal?: AbortSignal) =>
  request(calls.productsCloud.getOrderCh, { baseOrderId }, { signal });

export const useOrderCh = (baseOrderId: number) =>
  useQuery(
    queryOptions({
      queryKey: productKeys.order('ch', baseOrderId),
      queryFn: ({ signal }) => getOrderCh(baseOrderId, signal),
    }),
  );
