import * as calls from '@portal/contract/routes';
import { type products, type CallInput } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

type Input = CallInput<typeof products.getUsageStats>;

/** Daily usage of one component (or all) of a usage-based order. */
export const getUsageStats = (input: Input, signal?: AbortSignal) =>
  request(calls.products.getUsageStats, input, { signal });

export const usageStatsQueryOptions = (input: Input) =>
  queryOptions({
    queryKey: productKeys.stats('usage-based', input),
    queryFn: ({ signal }) => getUsageStats(input, signal),
  });
