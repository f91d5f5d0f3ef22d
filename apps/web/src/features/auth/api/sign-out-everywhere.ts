import * as calls from '@portal/contract/routes';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** Ends every session of the signed-in user, this one included (decision 116). */
export const signOutEverywhere = () => request(calls.auth.signOutEverywhere, {});

export const useSignOutEverywhere = () => useMutation({ mutationFn: signOutEverywhere });
