import * as calls from '@portal/contract/routes';
import { type metrics, type CallInput, type NetworkSummary } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';

import { isApiError } from '../../../lib/api-error.ts';
import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

type Input = CallInput<typeof metrics.getNetworkSummary>;

/** Min, max, average, 95th percentile and last value in and out; an interface without a bits chart has none. */
export async function getNetworkSummary(input: Input, signal?: AbortSignal): Promise<NetworkSummary> {
  try {
    return await request(calls.metrics.getNetworkSummary, input, { signal });
  } catch (error) {
    if (isApiError(error) && error.code === 'NETWORK_STATS_NOT_FOUND') return { in: null, out: null };
    throw error;
  }
}

export const networkSummaryQueryOptions = (input: Input) =>
  queryOptions({
    queryKey: productKeys.stats('network-summary', input),
    queryFn: ({ signal }) => getNetworkSummary(input, signal),
  });
