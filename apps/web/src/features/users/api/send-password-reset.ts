import * as calls from '@portal/contract/routes';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** Sends a password-reset message to a user of an administered account. */
export const sendPasswordReset = (email: string) => request(calls.users.sendPasswordReset, { email });

export const useSendPasswordReset = () => useMutation({ mutationFn: sendPasswordReset });
