import type { CallInput } from '@portal/contract';
import { orders } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { serviceKeys } from './keys.ts';

export const changeAlias = (input: CallInput<typeof orders.changeAlias>) => request(orders.changeAlias, input);

/** Sets an order's alias; the order and the services lists are fetched again afterwards. */
export function useChangeAlias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAlias,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
  });
}
