import * as calls from '@portal/contract/routes';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** Starts a payment on the provider's hosted page; answers the page's address. */
export const startCheckout = (input: { accountId: number; cycleLogId?: number; amount: number; currency: string }) =>
  request(calls.payments.startCheckout, input);

export const useStartCheckout = () => useMutation({ mutationFn: startCheckout });
