import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { invoiceKeys } from './keys.ts';

/** Open balance of each of the user's accounts, aged in 0-30, 30-60, 60-90 and 90+ day buckets. */
export const getBalanceHistory = (signal?: AbortSignal) => request(calls.invoices.getBalanceHistory, {}, { signal });

export const balanceHistoryQueryOptions = () =>
  queryOptions({ queryKey: invoiceKeys.balanceHistory(), queryFn: ({ signal }) => getBalanceHistory(signal) });

export const useBalanceHistory = () => useQuery(balanceHistoryQueryOptions());
