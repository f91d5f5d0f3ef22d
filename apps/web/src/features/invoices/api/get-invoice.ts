import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { invoiceKeys } from './keys.ts';

/** One invoice with its charges. */
export const getInvoice = (accountId: number, cycleLogId: number, signal?: AbortSignal) =>
  request(calls.invoices.getInvoice, { accountId, cycleLogId }, { signal });

export const invoiceQueryOptions = (accountId: number, cycleLogId: number) =>
  queryOptions({
    queryKey: invoiceKeys.detail(accountId, cycleLogId),
    queryFn: ({ signal }) => getInvoice(accountId, cycleLogId, signal),
  });

export const useInvoice = (accountId: number, cycleLogId: number) =>
  useQuery(invoiceQueryOptions(accountId, cycleLogId));
