import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { integrationKeys } from './keys.ts';

/** The latest run of Invite loaded users and its progress (decision 131). */
export const getInvitationRun = (signal?: AbortSignal) =>
  request(calls.integration.latestInvitationRun, {}, { signal });

/** Asked again every second while the run has users to mail. */
export const invitationRunQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.invitationRun(),
    queryFn: ({ signal }) => getInvitationRun(signal),
    refetchInterval: (query) => ((query.state.data?.pending ?? 0) > 0 ? 1000 : false),
  });

export const useInvitationRun = () => useQuery(invitationRunQueryOptions());
