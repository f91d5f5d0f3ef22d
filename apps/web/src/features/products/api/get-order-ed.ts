import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

/** An endpoint detection order: whether it has licences, active licences and the licence rate. */
export const getOrderEd = (baseOrderId: number, signal?: AbortSignal) =>
  request(calls.productsBackup.getOrderEd, { baseOrderId }, { signal });

export const useOrderEd = (baseOrderId: number) =>
  useQuery(
    queryOptions({
      queryKey: productKeys.order('ed', baseOrderId),
      queryFn: ({ signal }) => getOrderEd(baseOrderId, signal),
    }),
  );
