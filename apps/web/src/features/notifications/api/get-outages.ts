import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { notificationKeys } from './keys.ts';

/** Current outage notices; public (the login page shows them too). */
export const getOutages = (signal?: AbortSignal) => request(calls.notifications.getOutages, {}, { signal });

export const outagesQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.outages(), queryFn: ({ signal }) => getOutages(signal) });

export const useOutages = () => useQuery(outagesQueryOptions());
