import * as calls from '@portal/contract/routes';
import type { CallInput } from '@portal/contract';
import { type orders } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { productKeys } from '../../products/index.ts';
import { serviceKeys } from './keys.ts';

export const changeAlias = (input: CallInput<typeof orders.changeAlias>) => request(calls.orders.changeAlias, input);

/** Sets an order's alias; the order, the services lists and the product pages (their heading is the alias) are fetched again afterwards. */
export function useChangeAlias() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAlias,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceKeys.all }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]),
  });
}
