import * as calls from '@portal/contract/routes';
import { useMutation } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** Mails the set-password invitation to every loaded user who never signed in (decision 124). */
export const inviteLoadedUsers = () => request(calls.integration.inviteLoadedUsers, {});

export const useInviteLoadedUsers = () => useMutation({ mutationFn: inviteLoadedUsers });
