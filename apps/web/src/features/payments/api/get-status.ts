import * as calls from '@portal/contract/routes';
import { useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { paymentKeys } from './keys.ts';

/** Whether online payments are on (a provider is configured): without them no payment control shows. */
export const getPaymentStatus = (signal?: AbortSignal) => request(calls.payments.getStatus, {}, { signal });

export const usePaymentsEnabled = () =>
  useQuery({
    queryKey: paymentKeys.status(),
    queryFn: ({ signal }) => getPaymentStatus(signal),
    staleTime: Infinity,
    select: (status) => status.enabled,
  });
