import * as calls from '@portal/contract/routes';
import { type admin, type CallInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { forceReload } from '../../../lib/session.ts';
import { adminKeys } from './keys.ts';

/** Sets the staff member's own access to an account (0 none, 1 user, 2 admin). */
export const setAccountAccess = (input: CallInput<typeof admin.addAccount>) => request(calls.admin.addAccount, input);

/** A permission change: the login data reloads on the next page load. */
export const useSetAccountAccess = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAccountAccess,
    onSuccess: () => {
      forceReload();
      return queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'accounts'] });
    },
  });
};
