import * as calls from '@portal/contract/routes';
import { type identity, type CallInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** Asks for a new verification link; the same answer whatever the address. */
export const resendVerification = (input: CallInput<typeof identity.resendVerification>) =>
  request(calls.identity.resendVerification, input);

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
