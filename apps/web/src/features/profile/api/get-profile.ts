import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { profileKeys } from './keys.ts';

/** The signed-in user's profile: names, email (verified or not), two-factor on or off. */
export const getProfile = () => request(calls.profile.getProfile, {});

export const profileQuery = () =>
  queryOptions({ queryKey: profileKeys.detail(), queryFn: getProfile, staleTime: 60_000 });

export const useProfile = () => useQuery(profileQuery());
