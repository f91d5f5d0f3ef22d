import * as calls from '@portal/contract/routes';
import { type users, type CallInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { requestEnvelope } from '../../../lib/request.ts';
import { userKeys } from './keys.ts';

/** Invites a person to administered accounts; they set their own password. Answers the whole envelope: its message is what the administrator reads (the same whether or not the address has a portal user). */
export const addNewUser = (input: CallInput<typeof users.addNewUser>) => requestEnvelope(calls.users.addNewUser, input);

export const useAddNewUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addNewUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
