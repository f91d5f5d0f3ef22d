import * as calls from '@portal/contract/routes';
import { type productsCloud, type CallInput } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

type Input = CallInput<typeof productsCloud.getChStats>;

/** Managed objects, backup storage and replication storage of a backup platform order over a range. */
export const getChStats = (input: Input, signal?: AbortSignal) =>
  request(calls.productsCloud.getChStats, input, { signal });

export const chStatsQueryOptions = (input: Input) =>
  queryOptions({ queryKey: productKeys.stats('ch', input), queryFn: ({ signal }) => getChStats(input, signal) });
