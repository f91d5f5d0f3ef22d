import * as calls from '@portal/contract/routes';
import { type identity, type CallInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** Spends a verification link (run once when the page opens). */
export const verifyEmail = (input: CallInput<typeof identity.verifyEmail>) =>
  request(calls.identity.verifyEmail, input);

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
