import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

/** A virtual machine backup order: VM count, storage used, rates and charges. */
export const getOrderCv = (baseOrderId: number, signal?: AbortSignal) =>
  request(calls.productsBackup.getOrderCv, { baseOrderId }, { signal });

export const useOrderCv = (baseOrderId: number) =>
  useQuery(
    queryOptions({
      queryKey: productKeys.order('cv', baseOrderId),
      queryFn: ({ signal }) => getOrderCv(baseOrderId, signal),
    }),
  );
