import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { connectorKeys } from './keys.ts';

/** Every SNMP device and Prometheus-compatible source with its last success, last error and next run. */
export const getConnectorStatus = (signal?: AbortSignal) =>
  request(calls.connectors.getConnectorStatus, {}, { signal });

export const connectorStatusQueryOptions = () =>
  queryOptions({
    queryKey: connectorKeys.status(),
    queryFn: ({ signal }) => getConnectorStatus(signal),
    refetchInterval: 10_000,
  });

export const useConnectorStatus = () => useQuery(connectorStatusQueryOptions());
