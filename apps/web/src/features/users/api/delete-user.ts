import { users } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { forceReload } from '../../../lib/session.ts';
import { userKeys } from './keys.ts';

/** Removes a user from every account the viewer administers. */
export const deleteUser = (userId: number) => request(users.deleteUser, { userId });

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => {
      // Access changed (possibly the viewer's own): the login data reloads on the next page.
      forceReload();
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
};
