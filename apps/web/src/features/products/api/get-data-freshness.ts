import * as calls from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

/** When an order's latest usage point arrived and whether that is later than its feed promises. */
export const useDataFreshness = (baseOrderId: number) =>
  useQuery({
    queryKey: [...productKeys.all, 'freshness', baseOrderId] as const,
    queryFn: ({ signal }) => request(calls.metrics.getDataFreshness, { baseOrderId }, { signal }),
  });
