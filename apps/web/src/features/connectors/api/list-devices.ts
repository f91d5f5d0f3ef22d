import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { connectorKeys } from './keys.ts';

/** The SNMP devices with their status (never their community or v3 keys). */
export const listDevices = (signal?: AbortSignal) => request(calls.snmp.listDevices, {}, { signal });

export const devicesQueryOptions = () =>
  queryOptions({
    queryKey: connectorKeys.devices(),
    queryFn: ({ signal }) => listDevices(signal),
    // Last success, last error and next run move on while the page is open.
    refetchInterval: 10_000,
  });

export const useDevices = () => useQuery(devicesQueryOptions());
