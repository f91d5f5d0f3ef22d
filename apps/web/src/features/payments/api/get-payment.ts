import * as calls from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { paymentKeys } from './keys.ts';

export const getPayment = (accountId: number, reference: string, signal?: AbortSignal) =>
  request(calls.payments.getPayment, { accountId, reference }, { signal });

/** One payment; read again every few seconds while the provider has not settled it. */
export const usePayment = (accountId: number, reference: string) =>
  useQuery({
    queryKey: paymentKeys.payment(accountId, reference),
    queryFn: ({ signal }) => getPayment(accountId, reference, signal),
    refetchInterval: (query) => (['open', 'processing'].includes(query.state.data?.status ?? '') ? 3000 : false),
  });
