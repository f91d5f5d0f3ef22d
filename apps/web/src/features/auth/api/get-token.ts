import * as calls from '@portal/contract/routes';
import { type auth } from '@portal/contract';
import type { CallInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

export type TokenRequest = CallInput<typeof auth.getToken>;

/** Step 2 of sign-in: email, password and (two-factor users) the passcode → bearer token. */
export const getToken = (input: TokenRequest) => request(calls.auth.getToken, input);

export const useGetToken = () => useMutation({ mutationFn: getToken });
