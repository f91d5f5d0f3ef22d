import * as calls from '@portal/contract/routes';
import { type users, type CallInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { requestEnvelope } from '../../../lib/request.ts';
import { userKeys } from './keys.ts';

/** Invites a portal user by email to administered accounts; access applies when they accept. Answers the whole envelope: its message is what the administrator reads (the same whether or not the address has a portal user). */
export const addExistingUser = (input: CallInput<typeof users.addExistingUser>) =>
  requestEnvelope(calls.users.addExistingUser, input);

export const useAddExistingUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addExistingUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
};
