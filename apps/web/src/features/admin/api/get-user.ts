import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { adminKeys } from './keys.ts';

/** Any portal user's email, for the staff "load this user's accounts" page. */
export const getAdminUser = (userId: number, signal?: AbortSignal) =>
  request(calls.admin.getUser, { userId }, { signal });

export const adminUserQueryOptions = (userId: number) =>
  queryOptions({ queryKey: adminKeys.user(userId), queryFn: ({ signal }) => getAdminUser(userId, signal) });

export const useAdminUser = (userId: number) => useQuery(adminUserQueryOptions(userId));
