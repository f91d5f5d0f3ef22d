import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { providerKeys } from './keys.ts';

/** The provider profile in force and where it comes from (staff, level 3). */
export const getProfile = (signal?: AbortSignal) => request(calls.provider.getProfile, {}, { signal });

export const profileQueryOptions = () =>
  queryOptions({ queryKey: providerKeys.profile(), queryFn: ({ signal }) => getProfile(signal) });

export const useProfile = () => useQuery(profileQueryOptions());
