import * as calls from '@portal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { userKeys } from './keys.ts';

/** Withdraws a pending invitation from the accounts the viewer administers. */
export const cancelInvitation = (invitationId: number) => request(calls.users.cancelInvitation, { invitationId });

export const useCancelInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.invitationLists() }),
  });
};
