import * as calls from '@portal/contract/routes';
import { type productsBackup, type CallInput } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

type Input = CallInput<typeof productsBackup.getCvStats>;

/** Protected VM count and backup storage used of a virtual machine backup order over a range. */
export const getCvStats = (input: Input, signal?: AbortSignal) =>
  request(calls.productsBackup.getCvStats, input, { signal });

export const cvStatsQueryOptions = (input: Input) =>
  queryOptions({ queryKey: productKeys.stats('cv', input), queryFn: ({ signal }) => getCvStats(input, signal) });
