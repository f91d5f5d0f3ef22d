import * as calls from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { paymentKeys } from './keys.ts';

/** What the caller may pay on an account; `setupSession` saves the method a setup page just saved. */
export const getPaymentOptions = (accountId: number, setupSession?: string, signal?: AbortSignal) =>
  request(calls.payments.getOptions, { accountId, ...(setupSession ? { setupSession } : {}) }, { signal });

export const usePaymentOptions = (accountId: number, setupSession?: string) =>
  useQuery({
    queryKey: paymentKeys.options(accountId),
    queryFn: ({ signal }) => getPaymentOptions(accountId, setupSession, signal),
  });
