import * as calls from '@portal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { forceReload } from '../../../lib/session.ts';
import { adminKeys } from './keys.ts';

/** Removes the staff member's access to every account. */
export const clearAccounts = () => request(calls.admin.clearAccounts, {});

export const useClearAccounts = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearAccounts,
    onSuccess: () => {
      forceReload();
      return queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'accounts'] });
    },
  });
};
