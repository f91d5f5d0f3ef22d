import * as calls from '@portal/contract/routes';
import { type profile, type CallInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { forceReload } from '../../../lib/session.ts';
import { profileKeys } from './keys.ts';

/** Turns two-factor on with the secret and a current passcode. */
export const activateTwoFactor = (input: CallInput<typeof profile.activateTwoFactor>) =>
  request(calls.profile.activateTwoFactor, input);

export const useActivateTwoFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateTwoFactor,
    onSuccess: () => {
      forceReload();
      return queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
};
