import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { signupAccessKeys } from './keys.ts';

/** The access a sign-up by invoice gave, named by the key in the administrators' message. */
export const getSignupAccess = (key: string, signal?: AbortSignal) =>
  request(calls.signupAccess.getSignupAccess, { key }, { signal });

export const signupAccessQueryOptions = (key: string) =>
  queryOptions({
    queryKey: signupAccessKeys.grant(key),
    queryFn: ({ signal }) => getSignupAccess(key, signal),
    retry: false,
  });

export const useSignupAccess = (key: string) => useQuery(signupAccessQueryOptions(key));
