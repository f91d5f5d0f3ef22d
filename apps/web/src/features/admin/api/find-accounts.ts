import * as calls from '@portal/contract/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { adminKeys, type FindAccountsInput } from './keys.ts';

/** A page of all accounts with the staff member's own access level to each. */
export const findAccounts = (input: FindAccountsInput, signal?: AbortSignal) =>
  request(calls.admin.findAccounts, input, { signal });

export const findAccountsQueryOptions = (input: FindAccountsInput) =>
  queryOptions({
    queryKey: adminKeys.accounts(input),
    queryFn: ({ signal }) => findAccounts(input, signal),
    placeholderData: keepPreviousData,
  });

export const useFindAccounts = (input: FindAccountsInput) => useQuery(findAccountsQueryOptions(input));
