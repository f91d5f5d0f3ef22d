import * as calls from '@portal/contract/routes';
import { type productsCloud, type CallInput } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

type Input = CallInput<typeof productsCloud.getOcStats>;

/** Instance, instance type, volume, snapshot and uncommitted usage charts of an open cloud order. */
export const getOcStats = (input: Input, signal?: AbortSignal) =>
  request(calls.productsCloud.getOcStats, input, { signal });

export const ocStatsQueryOptions = (input: Input) =>
  queryOptions({ queryKey: productKeys.stats('oc', input), queryFn: ({ signal }) => getOcStats(input, signal) });
