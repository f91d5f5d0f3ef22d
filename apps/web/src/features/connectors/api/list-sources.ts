import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { connectorKeys } from './keys.ts';

/** The Prometheus-compatible sources and the series they answer (never their token or password). */
export const listSources = (signal?: AbortSignal) => request(calls.connectors.listSources, {}, { signal });

export const sourcesQueryOptions = () =>
  queryOptions({
    queryKey: connectorKeys.sources(),
    queryFn: ({ signal }) => listSources(signal),
    // Last success, last error and queries move on as charts read the sources.
    refetchInterval: 10_000,
  });

export const useSources = () => useQuery(sourcesQueryOptions());
