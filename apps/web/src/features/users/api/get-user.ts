import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { userKeys } from './keys.ts';

/** One user of an account the viewer administers. */
export const getUser = (userId: number, signal?: AbortSignal) => request(calls.users.getUser, { userId }, { signal });

export const userQueryOptions = (userId: number) =>
  queryOptions({ queryKey: userKeys.detail(userId), queryFn: ({ signal }) => getUser(userId, signal) });

export const useUser = (userId: number) => useQuery(userQueryOptions(userId));
