import { users, type CallInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { requestEnvelope } from '../../../lib/request.ts';
import { userKeys } from './keys.ts';

/** Creates a portal user with access to administered accounts. Answers the whole envelope: its message is what the administrator reads (the same whether or not the address was taken). */
export const addNewUser = (input: CallInput<typeof users.addNewUser>) => requestEnvelope(users.addNewUser, input);

export const useAddNewUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNewUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
