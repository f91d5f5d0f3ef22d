import { users } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** Sends a password-reset message to a user of an administered account. */
export const sendPasswordReset = (email: string) => request(users.sendPasswordReset, { email });

export const useSendPasswordReset = () => useMutation({ mutationFn: sendPasswordReset });
