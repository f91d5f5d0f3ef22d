import * as calls from '@portal/contract/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { userKeys, type UsersListInput } from './keys.ts';

/** A page of the users of the accounts the viewer administers. */
export const getUsers = (input: UsersListInput, signal?: AbortSignal) =>
  request(calls.users.getUsers, input, { signal });

export const usersQueryOptions = (input: UsersListInput) =>
  queryOptions({
    queryKey: userKeys.list(input),
    queryFn: ({ signal }) => getUsers(input, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (input: UsersListInput) => useQuery(usersQueryOptions(input));
