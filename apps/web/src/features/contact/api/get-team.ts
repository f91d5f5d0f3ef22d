import * as calls from '@portal/contract/routes';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { contactKeys } from './keys.ts';

/** The account team of one account. */
export const getTeam = (accountId: number, signal?: AbortSignal) =>
  request(calls.contact.getTeam, { accountId }, { signal });

export const teamQueryOptions = (accountId: number | null) =>
  queryOptions({
    queryKey: contactKeys.team(accountId ?? 0),
    queryFn: accountId === null ? skipToken : ({ signal }) => getTeam(accountId, signal),
  });

export const useTeam = (accountId: number | null) => useQuery(teamQueryOptions(accountId));
