import * as calls from '@portal/contract/routes';
import { type auth } from '@portal/contract';
import type { CallInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

export type Credentials = CallInput<typeof auth.confirmUserPassword>;

/** Step 1 of sign-in: checks the password and says whether a passcode step follows. */
export const confirmUserPassword = (credentials: Credentials) => request(calls.auth.confirmUserPassword, credentials);

export const useConfirmUserPassword = () => useMutation({ mutationFn: confirmUserPassword });
