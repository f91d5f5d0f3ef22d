import * as calls from '@portal/contract/routes';
import type { CallInput } from '@portal/contract';
import { type invoices } from '@portal/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { invoiceKeys } from './keys.ts';

export type InvoicesFilter = CallInput<typeof invoices.getInvoices>;

/** A page of the user's invoices (20 a page), of one account, matching a search. */
export const getInvoices = (filter: InvoicesFilter, signal?: AbortSignal) =>
  request(calls.invoices.getInvoices, filter, { signal });

export const invoicesQueryOptions = (filter: InvoicesFilter) =>
  queryOptions({
    queryKey: invoiceKeys.list(filter),
    queryFn: ({ signal }) => getInvoices(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useInvoices = (filter: InvoicesFilter) => useQuery(invoicesQueryOptions(filter));
