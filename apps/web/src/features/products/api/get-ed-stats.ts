import * as calls from '@portal/contract/routes';
import { type productsBackup, type CallInput } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

type Input = CallInput<typeof productsBackup.getEdStats>;

/** Active and hardware-bound licences of an endpoint detection order over a range. */
export const getEdStats = (input: Input, signal?: AbortSignal) =>
  request(calls.productsBackup.getEdStats, input, { signal });

export const edStatsQueryOptions = (input: Input) =>
  queryOptions({ queryKey: productKeys.stats('ed', input), queryFn: ({ signal }) => getEdStats(input, signal) });
