import * as calls from '@portal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { paymentKeys } from './keys.ts';

export const setAutopay = (input: { accountId: number; enabled: boolean; days_before: number }) =>
  request(calls.payments.setAutopay, input);

export const useSetAutopay = (accountId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutopay,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.options(accountId) }),
  });
};
