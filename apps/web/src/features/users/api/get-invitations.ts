import * as calls from '@portal/contract/routes';
import { type users, type CallInput } from '@portal/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { userKeys } from './keys.ts';

/** A page of the pending invitations to the accounts the viewer administers. */
export const getInvitations = (input: CallInput<typeof users.getInvitations>, signal?: AbortSignal) =>
  request(calls.users.getInvitations, input, { signal });

export const useInvitations = (input: CallInput<typeof users.getInvitations>) =>
  useQuery({
    queryKey: userKeys.invitations(input),
    queryFn: ({ signal }) => getInvitations(input, signal),
    placeholderData: keepPreviousData,
  });
