import * as calls from '@portal/contract/routes';
import { type profile, type CallInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { forceReload } from '../../../lib/session.ts';
import { profileKeys } from './keys.ts';

/** Turns two-factor off with the current password. */
export const disableTwoFactor = (input: CallInput<typeof profile.disableTwoFactor>) =>
  request(calls.profile.disableTwoFactor, input);

export const useDisableTwoFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => {
      forceReload();
      return queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
};
