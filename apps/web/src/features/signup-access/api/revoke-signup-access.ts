import * as calls from '@portal/contract/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { requestEnvelope } from '../../../lib/request.ts';
import { signupAccessKeys } from './keys.ts';

/** Removes the sign-up's access (answers the grant as it now stands, with what happened as the message). */
export const revokeSignupAccess = (key: string) => requestEnvelope(calls.signupAccess.revokeSignupAccess, { key });

export const useRevokeSignupAccess = (key: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => revokeSignupAccess(key),
    onSuccess: (answer) => client.setQueryData(signupAccessKeys.grant(key), answer.data),
  });
};
