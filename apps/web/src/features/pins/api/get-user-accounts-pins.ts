import { pins } from '@portal/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { pinKeys } from './keys.ts';

/** The user's accounts that require a compliance PIN. */
export const getUserAccountsPins = (signal?: AbortSignal) => request(pins.getUserAccountsPins, {}, { signal });

export const userAccountsPinsQueryOptions = () =>
  queryOptions({ queryKey: pinKeys.accounts(), queryFn: ({ signal }) => getUserAccountsPins(signal) });

export const useUserAccountsPins = () => useQuery(userAccountsPinsQueryOptions());
