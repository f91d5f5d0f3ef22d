import { profile, type CallInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { forceReload } from '../../../lib/session.ts';
import { profileKeys } from './keys.ts';

/** Changes name and email (with the current password). */
export const updateProfile = (input: CallInput<typeof profile.updateProfile>) => request(profile.updateProfile, input);

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      queryClient.setQueryData(profileKeys.detail(), data);
      // The stored user (name in the header) is reloaded on the next page.
      forceReload();
    },
  });
};
