import * as calls from '@portal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { paymentKeys } from './keys.ts';

export const removeMethod = (input: { accountId: number; methodId: number }) =>
  request(calls.payments.removeMethod, input);

export const useRemoveMethod = (accountId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.options(accountId) }),
  });
};
