import * as calls from '@portal/contract/routes';
import { type identity, type CallInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** Invited users: verifies the address and sets the first password. */
export const verifyEmailAndSetPassword = (input: CallInput<typeof identity.verifyEmailAndSetPassword>) =>
  request(calls.identity.verifyEmailAndSetPassword, input);

export const useVerifyEmailAndSetPassword = () => useMutation({ mutationFn: verifyEmailAndSetPassword });
