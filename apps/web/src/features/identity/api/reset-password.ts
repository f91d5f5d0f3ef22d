import * as calls from '@portal/contract/routes';
import { type identity, type CallInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** Sets a new password with the key of a reset link. */
export const resetPassword = (input: CallInput<typeof identity.resetPassword>) =>
  request(calls.identity.resetPassword, input);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
