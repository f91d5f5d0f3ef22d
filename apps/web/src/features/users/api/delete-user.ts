import * as calls from '@portal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { forceReload } from '../../../lib/session.ts';
import { userKeys } from './keys.ts';

/** Removes a user from every account the viewer administers. */
export const deleteUser = (userId: number) => request(calls.users.deleteUser, { userId });

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, userId) => {
      forceReload();
      // The deleted user is out of reach now: refetching them on the open page would answer NOT_FOUND.
      void queryClient.invalidateQueries({ queryKey: userKeys.detail(userId), refetchType: 'none' });
      return queryClient.invalidateQueries({ queryKey: userKeys.lists() });
    },
  });
};
