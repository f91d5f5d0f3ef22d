import { identity, type CallInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** An account administrator invites someone to create their own portal user on the account. */
export const inviteUser = (input: CallInput<typeof identity.inviteUser>) => request(identity.inviteUser, input);

export const useInviteUser = () => useMutation({ mutationFn: inviteUser });
