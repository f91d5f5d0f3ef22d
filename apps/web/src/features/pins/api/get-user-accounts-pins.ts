import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { pinKeys } from './keys.ts';

/** The user's accounts that require a compliance PIN. */
export const getUserAccountsPins = (signal?: AbortSignal) => request(calls.pins.getUserAccountsPins, {}, { signal });

export const userAccountsPinsQueryOptions = () =>
  queryOptions({ queryKey: pinKeys.accounts(), queryFn: ({ signal }) => getUserAccountsPins(signal) });

export const useUserAccountsPins = () => useQuery(userAccountsPinsQueryOptions());
