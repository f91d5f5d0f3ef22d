import { users, type CallInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { forceReload } from '../../../lib/session.ts';
import { userKeys } from './keys.ts';

/** Gives an existing portal user access to administered accounts. */
export const addExistingUser = (input: CallInput<typeof users.addExistingUser>) =>
  request(users.addExistingUser, input);

export const useAddExistingUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addExistingUser,
    onSuccess: () => {
      // Access changed (possibly the viewer's own): the login data reloads on the next page.
      forceReload();
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
};
