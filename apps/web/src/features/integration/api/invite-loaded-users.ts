import * as calls from '@portal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { integrationKeys } from './keys.ts';

/** Queues the set-password invitation for every loaded user who never signed in (decisions 124, 131). */
export const inviteLoadedUsers = () => request(calls.integration.inviteLoadedUsers, {});

/** The run it answers is the latest: the page follows it from there. */
export const useInviteLoadedUsers = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteLoadedUsers,
    onSuccess: (data) => {
      if (data.run) client.setQueryData(integrationKeys.invitationRun(), data.run);
    },
  });
};
