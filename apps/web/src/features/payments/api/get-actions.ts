import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { paymentKeys } from './keys.ts';

export const getPaymentActions = (signal?: AbortSignal) => request(calls.payments.getActions, {}, { signal });

export const paymentActionsQueryOptions = () =>
  queryOptions({ queryKey: paymentKeys.actions(), queryFn: ({ signal }) => getPaymentActions(signal) });

/** Payments waiting for the customer (none when payments are off). */
export const usePaymentActions = () => useQuery(paymentActionsQueryOptions());
