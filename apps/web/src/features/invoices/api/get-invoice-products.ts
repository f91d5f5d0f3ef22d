import * as calls from '@portal/contract/routes';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { invoiceKeys } from './keys.ts';

/** Spend by product on one invoice. */
export const getInvoiceProducts = (accountId: number, cycleLogId: number, signal?: AbortSignal) =>
  request(calls.invoices.getInvoiceProducts, { accountId, cycleLogId }, { signal });

export const invoiceProductsQueryOptions = (invoice: { account_id: number; cycle_log_id: number } | undefined) =>
  queryOptions({
    queryKey: invoiceKeys.products(invoice?.account_id ?? 0, invoice?.cycle_log_id ?? 0),
    queryFn: invoice ? ({ signal }) => getInvoiceProducts(invoice.account_id, invoice.cycle_log_id, signal) : skipToken,
  });

export const useInvoiceProducts = (invoice: { account_id: number; cycle_log_id: number } | undefined) =>
  useQuery(invoiceProductsQueryOptions(invoice));
