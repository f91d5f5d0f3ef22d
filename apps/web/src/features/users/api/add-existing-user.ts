import { users, type CallInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { requestEnvelope } from '../../../lib/request.ts';
import { forceReload } from '../../../lib/session.ts';
import { userKeys } from './keys.ts';

/** Gives an existing portal user access to administered accounts. Answers the whole envelope: its message is what the administrator reads (the same whether or not the address has a portal user). */
export const addExistingUser = (input: CallInput<typeof users.addExistingUser>) =>
  requestEnvelope(users.addExistingUser, input);

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
