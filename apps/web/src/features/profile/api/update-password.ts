import * as calls from '@portal/contract/routes';
import { type profile, type CallInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { saveToken } from '../../../lib/token.ts';

/** Changes the password; other sessions end and this one continues with the fresh token. */
export const updatePassword = (input: CallInput<typeof profile.updatePassword>) =>
  request(calls.profile.updatePassword, input);

export const useUpdatePassword = () =>
  useMutation({
    mutationFn: updatePassword,
    onSuccess: ({ token, expires_at }) => saveToken(token, expires_at),
  });
