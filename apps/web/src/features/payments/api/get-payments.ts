import * as calls from '@portal/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { paymentKeys } from './keys.ts';

export const getPayments = (accountId: number, page: number, signal?: AbortSignal) =>
  request(calls.payments.getPayments, { accountId, page }, { signal });

export const usePayments = (accountId: number, page: number) =>
  useQuery({
    queryKey: paymentKeys.list(accountId, page),
    queryFn: ({ signal }) => getPayments(accountId, page, signal),
    placeholderData: keepPreviousData,
  });
