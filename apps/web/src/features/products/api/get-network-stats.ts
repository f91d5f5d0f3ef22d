import * as calls from '@portal/contract/routes';
import { type products, type CallInput, type ChartData } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';

import { isApiError } from '../../../lib/api-error.ts';
import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

type Input = CallInput<typeof products.getNetworkStats>;

/** One interface's in and out counters of a chart type; NETWORK_STATS_NOT_FOUND is ignored (no data). */
export async function getNetworkStats(input: Input, signal?: AbortSignal): Promise<ChartData> {
  try {
    return await request(calls.products.getNetworkStats, input, { signal });
  } catch (error) {
    if (isApiError(error) && error.code === 'NETWORK_STATS_NOT_FOUND') return [];
    throw error;
  }
}

export const networkStatsQueryOptions = (input: Input) =>
  queryOptions({
    queryKey: productKeys.stats('network', input),
    queryFn: ({ signal }) => getNetworkStats(input, signal),
  });
