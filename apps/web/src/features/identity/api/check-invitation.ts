import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';

/** What an invitation link grants; a used, cancelled, expired or forged link fails on `hash`. */
export const checkInvitation = (hash: string, signal?: AbortSignal) =>
  request(calls.identity.checkInvitation, { hash }, { signal });

export const invitationQueryOptions = (hash: string) =>
  queryOptions({
    queryKey: ['invitation', hash] as const,
    queryFn: ({ signal }) => checkInvitation(hash, signal),
    retry: false,
  });

export const useInvitation = (hash: string | null) =>
  useQuery({ ...invitationQueryOptions(hash ?? ''), enabled: hash !== null });
