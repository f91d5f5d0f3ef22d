import * as calls from '@portal/contract/routes';
import { type products, type CallInput } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from './keys.ts';

type Input = CallInput<typeof products.getBuckets>;

/** A page of an object storage order's buckets. */
export const getBuckets = (input: Input, signal?: AbortSignal) => request(calls.products.getBuckets, input, { signal });

export const useBuckets = (input: Input) =>
  useQuery({
    ...queryOptions({
      queryKey: productKeys.stats('ob-buckets', input),
      queryFn: ({ signal }) => getBuckets(input, signal),
    }),
    placeholderData: keepPreviousData,
  });
