import * as calls from '@portal/contract/routes';
import { type profile, type CallInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** A new set of two-factor recovery codes with the current password; the old set stops working. */
export const createRecoveryCodes = (input: CallInput<typeof profile.createRecoveryCodes>) =>
  request(calls.profile.createRecoveryCodes, input);

export const useCreateRecoveryCodes = () => useMutation({ mutationFn: createRecoveryCodes });
