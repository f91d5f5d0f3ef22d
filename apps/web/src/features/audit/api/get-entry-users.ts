import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { auditKeys } from './keys.ts';

/** The users who appear in an account's audit log, for the user filter. */
export const getEntryUsers = (accountId: number, signal?: AbortSignal) =>
  request(calls.audit.getEntryUsers, { account_id: accountId }, { signal });

export const entryUsersQueryOptions = (accountId: number) =>
  queryOptions({ queryKey: auditKeys.users(accountId), queryFn: ({ signal }) => getEntryUsers(accountId, signal) });

export const useEntryUsers = (accountId: number) => useQuery(entryUsersQueryOptions(accountId));
