import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { resourceKeys } from './keys.ts';

/** One article: the content service answers it as data[0]. */
export const getResource = async (resourceId: number, signal?: AbortSignal) =>
  (await request(calls.resources.getResource, { resourceId }, { signal })).data[0] ?? null;

export const resourceQueryOptions = (resourceId: number) =>
  queryOptions({ queryKey: resourceKeys.detail(resourceId), queryFn: ({ signal }) => getResource(resourceId, signal) });

export const useResource = (resourceId: number) => useQuery(resourceQueryOptions(resourceId));
