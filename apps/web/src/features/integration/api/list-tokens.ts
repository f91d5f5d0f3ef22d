import * as calls from '@portal/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { request } from '../../../lib/request.ts';
import { integrationKeys } from './keys.ts';

/** The live integration tokens (never their secrets). */
export const listTokens = (signal?: AbortSignal) => request(calls.integration.listTokens, {}, { signal });

export const tokensQueryOptions = () =>
  queryOptions({ queryKey: integrationKeys.tokens(), queryFn: ({ signal }) => listTokens(signal) });

export const useTokens = () => useQuery(tokensQueryOptions());
