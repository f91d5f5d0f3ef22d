import { identity, type CallInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** Asks for a reset link; the answer is the same whether or not the address has a user. */
export const forgotPassword = (input: CallInput<typeof identity.forgotPassword>) =>
  request(identity.forgotPassword, input);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
