import * as calls from '@portal/contract/routes';
import { type products, type CallInput } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

type Input = CallInput<typeof products.getObStats>;

/** Stored bytes and objects of an object storage order over a range. */
export const getObStats = (input: Input, signal?: AbortSignal) => request(calls.products.getObStats, input, { signal });

export const obStatsQueryOptions = (input: Input) =>
  queryOptions({ queryKey: productKeys.stats('ob', input), queryFn: ({ signal }) => getObStats(input, signal) });
