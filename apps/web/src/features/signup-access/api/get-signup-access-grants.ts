import * as calls from '@portal/contract/routes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { signupAccessKeys, type GrantsInput } from './keys.ts';

/** Staff: a page of the access given by sign-ups with an invoice. */
export const getSignupAccessGrants = (input: GrantsInput, signal?: AbortSignal) =>
  request(calls.signupAccess.getSignupAccessGrants, input, { signal });

export const signupAccessGrantsQueryOptions = (input: GrantsInput) =>
  queryOptions({
    queryKey: signupAccessKeys.grants(input),
    queryFn: ({ signal }) => getSignupAccessGrants(input, signal),
    placeholderData: keepPreviousData,
  });

export const useSignupAccessGrants = (input: GrantsInput) => useQuery(signupAccessGrantsQueryOptions(input));
