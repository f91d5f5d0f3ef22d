import * as calls from '@portal/contract/routes';
import { type identity, type CallInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { requestEnvelope } from '../../../lib/request.ts';

/** Creates a portal user from an invitation link; the envelope's code is USER_CREATED. */
export const createUserFromHash = (input: CallInput<typeof identity.createUserFromHash>) =>
  requestEnvelope(calls.identity.createUserFromHash, input);

export const useCreateUserFromHash = () => useMutation({ mutationFn: createUserFromHash });
