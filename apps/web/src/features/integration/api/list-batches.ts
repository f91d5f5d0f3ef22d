import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { integrationKeys } from './keys.ts';

/** The latest batches and imports. */
export const listBatches = (signal?: AbortSignal) => request(calls.integration.listBatches, {}, { signal });

export const batchesQueryOptions = () =>
  queryOptions({ queryKey: integrationKeys.batches(), queryFn: ({ signal }) => listBatches(signal) });

export const useBatches = () => useQuery(batchesQueryOptions());
