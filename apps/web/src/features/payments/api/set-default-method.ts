import * as calls from '@portal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { paymentKeys } from './keys.ts';

export const setDefaultMethod = (input: { accountId: number; methodId: number }) =>
  request(calls.payments.setDefaultMethod, input);

export const useSetDefaultMethod = (accountId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.options(accountId) }),
  });
};
