import * as calls from '@portal/contract/routes';
import { type identity, type CallInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** Asks for a reset link; the answer is the same whether or not the address has a user. */
export const forgotPassword = (input: CallInput<typeof identity.forgotPassword>) =>
  request(calls.identity.forgotPassword, input);

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
