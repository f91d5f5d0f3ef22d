import * as calls from '@portal/contract/routes';
import { type users, type CallInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { forceReload } from '../../../lib/session.ts';
import { userKeys } from './keys.ts';

/** Sets a user's access levels on the viewer's administered accounts. */
export const updateUser = (input: CallInput<typeof users.updateUser>) => request(calls.users.updateUser, input);

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => {
      // Access changed (possibly the viewer's own): the login data reloads on the next page.
      forceReload();
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
};
