import * as calls from '@portal/contract/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { resourceKeys } from './keys.ts';

/** A page of a category's articles, in the content service's shape (data[] and meta.pagination). */
export const getResources = (categoryId: number, page: number, search: string, signal?: AbortSignal) =>
  request(
    calls.resources.getResources,
    { 'portal-resource-categories': categoryId, page, ...(search ? { search } : {}) },
    { signal },
  );

export const resourcesQueryOptions = (categoryId: number, page: number, search: string) =>
  queryOptions({
    queryKey: resourceKeys.list(categoryId, page, search),
    queryFn: ({ signal }) => getResources(categoryId, page, search, signal),
    placeholderData: keepPreviousData,
  });

export const useResources = (categoryId: number, page: number, search: string) =>
  useQuery(resourcesQueryOptions(categoryId, page, search));
