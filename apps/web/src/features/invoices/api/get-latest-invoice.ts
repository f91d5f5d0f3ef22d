import * as calls from '@portal/contract/routes';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { invoiceKeys } from './keys.ts';

/** The newest invoice of one account. */
export const getLatestInvoice = (accountId: number, signal?: AbortSignal) =>
  request(calls.invoices.getLatestInvoice, { accountId }, { signal });

export const latestInvoiceQueryOptions = (accountId: number | null) =>
  queryOptions({
    queryKey: invoiceKeys.latest(accountId ?? 0),
    queryFn: accountId === null ? skipToken : ({ signal }) => getLatestInvoice(accountId, signal),
  });

export const useLatestInvoice = (accountId: number | null) => useQuery(latestInvoiceQueryOptions(accountId));
