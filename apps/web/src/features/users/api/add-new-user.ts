import { users, type CallInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { userKeys } from './keys.ts';

/** Creates a portal user with access to administered accounts. */
export const addNewUser = (input: CallInput<typeof users.addNewUser>) => request(users.addNewUser, input);

export const useAddNewUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNewUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
