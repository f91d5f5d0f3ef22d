import * as calls from '@portal/contract/routes';
import { type profile, type CallInput } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { forceReload, updateStoredUser } from '../../../lib/session.ts';
import { profileKeys } from './keys.ts';

/** Changes name and email (with the current password). */
export const updateProfile = (input: CallInput<typeof profile.updateProfile>) =>
  request(calls.profile.updateProfile, input);

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      queryClient.setQueryData(profileKeys.detail(), data);
      // The header shows the new name now; the rest of the login data is reloaded on the next page.
      updateStoredUser({ first_nm: data.first_nm, last_nm: data.last_nm, email_nm: data.email_nm });
      forceReload();
    },
  });
};
