import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

/** An open cloud order: which components apply, latest usage and month-to-date spend. */
export const getOrderOc = (baseOrderId: number, signal?: AbortSignal) =>
  request(calls.productsCloud.getOrderOc, { baseOrderId }, { signal });

export const useOrderOc = (baseOrderId: number) =>
  useQuery(
    queryOptions({
      queryKey: productKeys.order('oc', baseOrderId),
      queryFn: ({ signal }) => getOrderOc(baseOrderId, signal),
    }),
  );
